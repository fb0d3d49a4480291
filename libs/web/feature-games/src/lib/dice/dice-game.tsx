import { useEffect, useState } from 'react';
import type { DiceBetType } from '@cosmic/web-data-access';
import { Button, betRange } from '@cosmic/web-ui';
import { AnimationSpeedPicker } from '../shared/animation-speed-picker';
import { AutobetPanel, type BetMode, BetModeTabs } from '../shared/autobet-panel';
import { GameLayout, Outcome } from '../shared/game-layout';
import { usePlayerExtras } from '../shared/player-extras';
import { instantBet } from '../shared/session-stats';
import { useAnimationSpeed } from '../shared/use-animation-speed';
import { useAutobet } from '../shared/use-autobet';
import { DieFace } from './die-face';
import { DICE_BETS, diceMessage, useDice } from './use-dice';
import './dice.css';

/** Nebula Dice: bet low, seven or high on two dice — one roll per press, or autobet on the chosen bet. */
export default function DiceGame() {
  const { bet, selected, rolling, faces, result, play } = useDice();
  const [mode, setMode] = useState<BetMode>('manual');
  const [autoType, setAutoType] = useState<DiceBetType>('low');
  const [speed, setSpeed] = useAnimationSpeed();
  const autobet = useAutobet({
    place: (amount) => play(autoType, { amount, speed }),
    range: betRange(bet.currency, bet.panel),
    currency: bet.currency,
  });
  const auto = autobet.status.running;
  // Space rolls the bet last pressed (Low until one is)
  const [lastType, setLastType] = useState<DiceBetType>('low');
  const roll = (type: DiceBetType) => {
    setLastType(type);
    void play(type, { speed });
  };
  const extras = usePlayerExtras({
    panel: bet.panel,
    betLocked: rolling || auto || !bet.canBet,
    placing: rolling,
    main: {
      help: `Roll your last bet again (now ${DICE_BETS.find((b) => b.type === lastType)?.label}), on the Manual tab`,
      run: () => mode === 'manual' && !rolling && bet.canBet && roll(lastType),
    },
    auto: {
      help: 'Switch Manual / Auto (stops a running autobet)',
      run: () => (auto ? autobet.stop() : setMode((m) => (m === 'manual' ? 'auto' : 'manual'))),
    },
  });
  const { settle } = extras;
  useEffect(() => settle(result && instantBet(result)), [result, settle]);
  return (
    <GameLayout
      speed={<AnimationSpeedPicker speed={speed} onChange={setSpeed} />}
      className="cc-dice"
      panel={bet.panel}
      extras={extras.card}
      refusal={bet.refusal}
      disabled={rolling || auto}
      playing={rolling}
      verify={
        result && {
          game: 'dice',
          nonce: result.nonce,
          clientSeed: result.clientSeed,
          serverSeedHash: result.serverSeedHash,
          extra: { betType: result.betType },
          stake: { amount: result.betAmount, currency: result.currency },
        }
      }
      board={
        <>
          <div className="cc-dice__dice">
            <DieFace value={faces[0]} rolling={rolling && speed !== 'instant'} />
            <DieFace value={faces[1]} rolling={rolling && speed !== 'instant'} />
          </div>
          <p className="cc-dice__total">
            {result && !rolling ? `Total ${result.total}` : rolling ? 'Rolling…' : 'Pick a bet to roll'}
          </p>
          <Outcome tone={result ? (result.isWin ? 'win' : 'lose') : undefined}>
            {result && !rolling ? diceMessage(result) : null}
          </Outcome>
        </>
      }
      controls={
        <>
          <BetModeTabs mode={mode} onChange={setMode} locked={auto} />
          <p className="cc-game__label">Your bet</p>
          <div className="cc-game__row">
            {DICE_BETS.map((b) =>
              mode === 'manual' ? (
                <Button
                  key={b.type}
                  className="cc-game__choice cc-dice__bet"
                  aria-pressed={selected === b.type}
                  disabled={rolling || !bet.canBet}
                  onClick={() => roll(b.type)}
                >
                  <span>{b.label}</span>
                  <small>
                    {b.range} · {b.multiplier}x
                  </small>
                </Button>
              ) : (
                <Button
                  key={b.type}
                  className="cc-game__choice cc-dice__bet"
                  aria-pressed={autoType === b.type}
                  disabled={auto}
                  onClick={() => setAutoType(b.type)}
                >
                  <span>{b.label}</span>
                  <small>
                    {b.range} · {b.multiplier}x
                  </small>
                </Button>
              ),
            )}
          </div>
          {mode === 'auto' && (
            <AutobetPanel
              status={autobet.status}
              currency={bet.currency}
              canStart={bet.canBet && !rolling}
              onStart={(settings) => {
                if (bet.refusalBefore() === null) void autobet.start(settings, bet.panel.value.amount);
              }}
              onStop={autobet.stop}
            />
          )}
        </>
      }
    />
  );
}
