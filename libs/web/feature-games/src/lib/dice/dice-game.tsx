import { Button } from '@cosmic/web-ui';
import { GameLayout, Outcome } from '../shared/game-layout';
import { DieFace } from './die-face';
import { DICE_BETS, diceMessage, useDice } from './use-dice';
import './dice.css';

/** Nebula Dice: bet low, seven or high on two dice. */
export default function DiceGame() {
  const { bet, selected, rolling, faces, result, play } = useDice();
  return (
    <GameLayout
      className="cc-dice"
      panel={bet.panel}
      refusal={bet.refusal}
      disabled={rolling}
      playing={rolling}
      verify={result && { game: 'dice', nonce: result.nonce, clientSeed: result.clientSeed, serverSeedHash: result.serverSeedHash, extra: { betType: result.betType }, stake: { amount: result.betAmount, currency: result.currency } }}
      board={
        <>
          <div className="cc-dice__dice">
            <DieFace value={faces[0]} rolling={rolling} />
            <DieFace value={faces[1]} rolling={rolling} />
          </div>
          <p className="cc-dice__total">{result && !rolling ? `Total ${result.total}` : rolling ? 'Rolling…' : 'Pick a bet to roll'}</p>
          <Outcome tone={result ? (result.isWin ? 'win' : 'lose') : undefined}>{result && !rolling ? diceMessage(result) : null}</Outcome>
        </>
      }
      controls={
        <>
          <p className="cc-game__label">Your bet</p>
          <div className="cc-game__row">
            {DICE_BETS.map((b) => (
              <Button key={b.type} className="cc-game__choice cc-dice__bet" aria-pressed={selected === b.type} disabled={rolling || !bet.canBet} onClick={() => void play(b.type)}>
                <span>{b.label}</span>
                <small>{b.range} · {b.multiplier}x</small>
              </Button>
            ))}
          </div>
        </>
      }
    />
  );
}
