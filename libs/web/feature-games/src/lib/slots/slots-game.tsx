import { Button } from '@cosmic/web-ui';
import { GameLayout, Outcome } from '../shared/game-layout';
import { emojiArt } from './slots-art';
import { SlotsGrid } from './slots-grid';
import { useSlots } from './use-slots';
import './slots.css';

/** The banner's ✨, decoration only. */
const Sparkles = () => <img className="cc-slots__sparkles" src={emojiArt('✨')} alt="" />;

/** Cosmic Chaos Slots: cluster pays with cascading wins, free spins and a buyable bonus. */
export default function SlotsGame() {
  const { bet, frame, spinning, buying, result, winLit, freeLeft, bonus, spin, buyBonus } = useSlots();
  return (
    <GameLayout
      className="cc-slots"
      panel={bet.panel}
      refusal={bet.refusal}
      disabled={spinning || freeLeft > 0}
      verify={result && { game: 'slots', nonce: result.nonce, clientSeed: result.clientSeed, serverSeedHash: result.serverSeedHash }}
      board={
        <>
          {bonus && (
            <p className="cc-slots__banner" role="status">
              <Sparkles /> Bonus round — {freeLeft} free spin{freeLeft === 1 ? '' : 's'} left at ×3 <Sparkles />
            </p>
          )}
          <SlotsGrid frame={frame} spinning={spinning} win={winLit} />
          <Outcome tone={result ? (result.isWin ? 'win' : 'lose') : undefined}>
            {result ? (result.isWin ? `Win! ${result.winAmount} ${result.currency} (${result.multiplier}x)` : 'No win this time') : null}
          </Outcome>
          {result?.bonusTriggered && <p className="cc-slots__award">{result.bonusSpinsAwarded} free spins awarded!</p>}
        </>
      }
      controls={
        <>
          <p className="cc-game__stats">
            <span>Free spins <strong data-testid="free-spins">{freeLeft}</strong></span>
          </p>
          <Button variant="primary" size="lg" disabled={spinning || (freeLeft === 0 && !bet.canBet)} onClick={() => void spin()}>
            {spinning ? 'Spinning…' : freeLeft > 0 ? 'Free Spin' : 'Spin'}
          </Button>
          <Button disabled={spinning || buying || freeLeft > 0 || !bet.canBet} onClick={() => void buyBonus()}>
            Buy Bonus (100× bet)
          </Button>
        </>
      }
    />
  );
}
