import { useEffect, useState } from 'react';
import type { PlinkoRisk } from '@cosmic/web-data-access';
import { Button, betRange } from '@cosmic/web-ui';
import { type AnimationSpeed } from '../shared/animation-speed';
import { AnimationSpeedPicker } from '../shared/animation-speed-picker';
import { AutobetPanel, type BetMode, BetModeTabs } from '../shared/autobet-panel';
import { GameLayout, Outcome } from '../shared/game-layout';
import { usePlayerExtras } from '../shared/player-extras';
import { instantBet } from '../shared/session-stats';
import { useAnimationSpeed } from '../shared/use-animation-speed';
import { useAutobet } from '../shared/use-autobet';
import { PlinkoBoard } from './plinko-board';
import { plinkoMessage, SHOW_RESULTS, usePlinko } from './use-plinko';
import './plinko.css';

const RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];

/** Unless instant, autobet drops a ball at most this often, so the balls fall one after another rather than in a heap. */
export const AUTO_DROP_GAP_MS = 400;

async function autoDrop(play: ReturnType<typeof usePlinko>['play'], amount: bigint, speed: AnimationSpeed) {
  const started = Date.now();
  const r = await play({ amount, speed });
  if (r.ok && speed !== 'instant')
    await new Promise((done) => window.setTimeout(done, Math.max(0, AUTO_DROP_GAP_MS - (Date.now() - started))));
  return r;
}

/** Quantum Plinko: drop balls through 12 rows of pegs into 13 slots — one per press, or autobet. */
export default function PlinkoGame() {
  const { bet, risk, setRisk, riskLocked, multipliers, play, pending, balls, land, lit, results, last } = usePlinko();
  const [mode, setMode] = useState<BetMode>('manual');
  const [speed, setSpeed] = useAnimationSpeed();
  const autobet = useAutobet({
    place: (amount) => autoDrop(play, amount, speed),
    range: betRange(bet.currency, bet.panel),
    currency: bet.currency,
  });
  const auto = autobet.status.running;
  const extras = usePlayerExtras({
    panel: bet.panel,
    betLocked: auto || !bet.canBet,
    placing: pending,
    main: {
      help: 'Drop a ball (one per press), on the Manual tab',
      run: () => mode === 'manual' && bet.canBet && void play({ speed }),
    },
    auto: {
      help: 'Switch Manual / Auto (stops a running autobet)',
      run: () => (auto ? autobet.stop() : setMode((m) => (m === 'manual' ? 'auto' : 'manual'))),
    },
  });
  const { settle } = extras;
  // each ball counts when it lands (the results list gets it then; at once when instant), oldest first
  useEffect(() => [...results].reverse().forEach((r) => settle(instantBet(r))), [results, settle]);
  return (
    <GameLayout
      speed={<AnimationSpeedPicker speed={speed} onChange={setSpeed} />}
      className="cc-plinko"
      panel={bet.panel}
      extras={extras.card}
      disabled={auto}
      refusal={bet.refusal}
      playing={pending > 0}
      verify={
        last && {
          game: 'plinko',
          nonce: last.nonce,
          clientSeed: last.clientSeed,
          serverSeedHash: last.serverSeedHash,
          extra: { risk: last.risk },
          stake: { amount: last.betAmount, currency: last.currency },
        }
      }
      board={
        <>
          <PlinkoBoard balls={balls} multipliers={multipliers} lit={lit} onLand={land} />
          <Outcome tone={last ? plinkoMessage(last).tone : undefined}>{last ? plinkoMessage(last).text : null}</Outcome>
          <ol className="cc-plinko__history" aria-label="Last results">
            {results.slice(0, SHOW_RESULTS).map((r) => (
              <li key={r.betId ?? r.nonce} className={plinkoMessage(r).tone === 'win' ? 'is-win' : 'is-loss'}>
                {r.multiplier}x
              </li>
            ))}
          </ol>
        </>
      }
      controls={
        <>
          <BetModeTabs mode={mode} onChange={setMode} locked={auto} />
          <p className="cc-game__label" id="plinko-risk">
            Risk
          </p>
          <div className="cc-game__row" role="group" aria-labelledby="plinko-risk">
            {RISKS.map((r) => (
              <Button
                key={r}
                size="sm"
                className="cc-game__choice"
                aria-pressed={risk === r}
                disabled={(riskLocked || auto) && risk !== r}
                onClick={() => setRisk(r)}
              >
                {r[0].toUpperCase() + r.slice(1)}
              </Button>
            ))}
          </div>
          {riskLocked && (
            <p className="cc-game__hint" data-testid="risk-locked">
              Risk is locked while balls are falling: each ball pays from the table it was dropped on.
            </p>
          )}
          {mode === 'manual' ? (
            <Button variant="primary" size="lg" disabled={!bet.canBet} onClick={() => void play({ speed })}>
              {pending > 0 ? 'Drop another ball' : 'Drop ball'}
            </Button>
          ) : (
            <AutobetPanel
              status={autobet.status}
              currency={bet.currency}
              canStart={bet.canBet}
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
