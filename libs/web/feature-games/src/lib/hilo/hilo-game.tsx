import { useEffect } from 'react';
import { Button } from '@cosmic/web-ui';
import { GameLayout, Outcome } from '../shared/game-layout';
import { usePlayerExtras } from '../shared/player-extras';
import { hiloBet } from '../shared/session-stats';
import { PlayingCard } from '../shared/playing-card';
import { percent, times, useHilo } from './use-hilo';
import './hilo.css';

/** Cosmic Hi-Lo: guess whether the next card is higher or lower; cash out any time after a win. */
export default function HiloGame() {
  const { bet, state, guesses, active, busy, begin, pick, cashOut, message } = useHilo();
  const settled = state?.gameOver && state.betId ? state : null;
  const extras = usePlayerExtras({
    panel: bet.panel,
    betLocked: active || busy || !bet.canBet,
    // no run in play: busy is the start
    placing: busy && !active,
    main: { help: 'Start a run (when none is in play)', run: () => !active && !busy && bet.canBet && void begin() },
  });
  const { settle } = extras;
  useEffect(() => settle(state && hiloBet(state)), [state, settle]);
  return (
    <GameLayout
      className="cc-hilo"
      panel={bet.panel}
      extras={extras.card}
      refusal={bet.refusal}
      disabled={active || busy}
      playing={busy}
      verify={
        settled && {
          game: 'hilo',
          nonce: settled.nonce,
          clientSeed: settled.clientSeed,
          serverSeedHash: settled.serverSeedHash,
          extra: { guesses: guesses.join(', '), cashout: settled.won ? '1' : '0' },
          stake: { amount: settled.betAmount, currency: settled.currency },
        }
      }
      board={
        <>
          <div className="cc-hilo__cards">
            {state ? <PlayingCard card={state.card} size="lg" /> : <PlayingCard hidden size="lg" />}
          </div>
          {state && state.cards.length > 1 && (
            <ol className="cc-hilo__trail" aria-label="Cards so far">
              {state.cards.slice(-8, -1).map((c, i) => (
                <li key={`${i}-${c.label}`}>{c.label}</li>
              ))}
            </ol>
          )}
          <p className="cc-game__stats">
            <span>
              Streak <strong data-testid="hilo-streak">{state?.streak ?? 0}</strong>
            </span>
            <span>
              Multiplier <strong>{times(state?.multiplier ?? 1)}</strong>
            </span>
            <span>
              Payout{' '}
              <strong>
                {state?.currentPayout ?? '0'} {state?.currency ?? bet.currency}
              </strong>
            </span>
          </p>
          <Outcome tone={message.tone}>{message.text}</Outcome>
        </>
      }
      controls={
        active && state?.next ? (
          <>
            <div className="cc-game__row">
              {(['higher', 'lower'] as const).map((d) => {
                const side = state.next![d];
                return (
                  <Button
                    key={d}
                    className="cc-hilo__guess"
                    disabled={busy || !side.allowed}
                    onClick={() => void pick(d)}
                  >
                    <span>{d === 'higher' ? '▲ Higher' : '▼ Lower'}</span>
                    <small>
                      {percent(side.probability)} · {times(side.nextMultiplier)}
                    </small>
                  </Button>
                );
              })}
            </div>
            <Button variant="primary" disabled={busy || state.streak <= 0} onClick={() => void cashOut()}>
              Cash Out {state.streak > 0 ? `${state.currentPayout} ${state.currency}` : ''}
            </Button>
          </>
        ) : (
          <Button variant="primary" size="lg" disabled={busy || !bet.canBet} onClick={() => void begin()}>
            {state ? 'Play again' : 'Start'}
          </Button>
        )
      }
    />
  );
}
