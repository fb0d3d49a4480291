import { useEffect } from 'react';
import { Button } from '@cosmic/web-ui';
import { GameLayout, Outcome } from '../shared/game-layout';
import { usePlayerExtras } from '../shared/player-extras';
import { blackjackBet } from '../shared/session-stats';
import { HandView } from './hand-view';
import { handLabel, useBlackjack } from './use-blackjack';
import './blackjack.css';

const RESULT_NOTE: Record<string, string> = {
  blackjack: 'Blackjack',
  win: 'Win',
  lose: 'Lose',
  push: 'Push',
  bust: 'Bust',
};

/** Galaxy Blackjack: deal, then hit, stand, double or split while the server allows it. */
export default function BlackjackGame() {
  const { bet, state, actions, playing, busy, start, play, can, message } = useBlackjack();
  const split = (state?.hands.length ?? 0) > 1;
  const extras = usePlayerExtras({
    panel: bet.panel,
    betLocked: playing || busy || !bet.canBet,
    // no hand in play: busy is the deal
    placing: busy && !playing,
    main: { help: 'Deal (when no hand is in play)', run: () => !playing && !busy && bet.canBet && void start() },
  });
  const { settle } = extras;
  useEffect(() => settle(state && blackjackBet(state)), [state, settle]);
  return (
    <GameLayout
      className="cc-bj"
      panel={bet.panel}
      extras={extras.card}
      refusal={bet.refusal}
      disabled={playing || busy}
      verify={
        state?.gameOver
          ? {
              game: 'blackjack',
              nonce: state.nonce,
              clientSeed: state.clientSeed,
              serverSeedHash: state.serverSeedHash,
              extra: { actions: actions.join(', ') },
              stake: { amount: state.betAmount, currency: state.currency },
            }
          : null
      }
      board={
        state ? (
          <>
            <HandView
              label="Dealer"
              cards={state.dealerCards}
              hiddenCards={state.dealerHidden ? 1 : 0}
              total={
                state.dealerHidden
                  ? `Showing ${state.dealerTotal}`
                  : handLabel(state.dealerCards, state.dealerTotal, false)
              }
              testId="dealer-total"
            />
            <div className={`cc-bj__player${split ? ' cc-bj__player--split' : ''}`}>
              {state.hands.map((h, i) => (
                <HandView
                  key={i}
                  label={split ? `Hand ${i + 1}` : 'You'}
                  cards={h.cards}
                  total={handLabel(h.cards, h.total, h.soft, split)}
                  active={split && playing && i === state.activeHand}
                  note={h.result ? RESULT_NOTE[h.result] : h.doubled ? 'Doubled' : undefined}
                  testId={`player-total-${i}`}
                />
              ))}
            </div>
            <Outcome tone={message.tone}>{message.text}</Outcome>
            {state.gameOver && state.winAmount !== '0' && (
              <p className="cc-bj__paid">
                Paid {state.winAmount} {state.currency}
              </p>
            )}
          </>
        ) : (
          <p className="cc-bj__empty">Place your bet and deal to begin.</p>
        )
      }
      controls={
        <>
          <Button variant="primary" size="lg" disabled={playing || busy || !bet.canBet} onClick={() => void start()}>
            Deal
          </Button>
          <div className="cc-game__row">
            <Button disabled={!can('hit')} onClick={() => void play('hit')}>
              Hit
            </Button>
            <Button disabled={!can('stand')} onClick={() => void play('stand')}>
              Stand
            </Button>
          </div>
          <div className="cc-game__row">
            {/* "Double Down": the bet panel's Double doubles the amount typed; this one doubles the hand's stake */}
            <Button disabled={!can('double')} onClick={() => void play('double')}>
              Double Down
            </Button>
            <Button disabled={!can('split')} onClick={() => void play('split')}>
              Split
            </Button>
          </div>
        </>
      }
    />
  );
}
