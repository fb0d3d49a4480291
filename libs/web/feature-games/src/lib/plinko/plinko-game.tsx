import type { PlinkoRisk } from '@cosmic/web-data-access';
import { Button } from '@cosmic/web-ui';
import { GameLayout, Outcome } from '../shared/game-layout';
import { PlinkoBoard } from './plinko-board';
import { plinkoMessage, SHOW_RESULTS, usePlinko } from './use-plinko';
import './plinko.css';

const RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];

/** Quantum Plinko: drop balls through 12 rows of pegs into 13 slots. */
export default function PlinkoGame() {
  const { bet, risk, setRisk, riskLocked, multipliers, play, pending, balls, land, lit, results, last } = usePlinko();
  return (
    <GameLayout
      className="cc-plinko"
      panel={bet.panel}
      refusal={bet.refusal}
      playing={pending > 0}
      verify={last && { game: 'plinko', nonce: last.nonce, clientSeed: last.clientSeed, serverSeedHash: last.serverSeedHash, extra: { risk: last.risk }, stake: { amount: last.betAmount, currency: last.currency } }}
      board={
        <>
          <PlinkoBoard balls={balls} multipliers={multipliers} lit={lit} onLand={land} />
          <Outcome tone={last ? plinkoMessage(last).tone : undefined}>{last ? plinkoMessage(last).text : null}</Outcome>
          <ol className="cc-plinko__history" aria-label="Last results">
            {results.slice(0, SHOW_RESULTS).map((r) => (
              <li key={r.betId ?? r.nonce} className={plinkoMessage(r).tone === 'win' ? 'is-win' : 'is-loss'}>{r.multiplier}x</li>
            ))}
          </ol>
        </>
      }
      controls={
        <>
          <p className="cc-game__label" id="plinko-risk">Risk</p>
          <div className="cc-game__row" role="group" aria-labelledby="plinko-risk">
            {RISKS.map((r) => (
              <Button key={r} size="sm" className="cc-game__choice" aria-pressed={risk === r} disabled={riskLocked && risk !== r} onClick={() => setRisk(r)}>
                {r[0].toUpperCase() + r.slice(1)}
              </Button>
            ))}
          </div>
          {riskLocked && <p className="cc-game__hint" data-testid="risk-locked">Risk is locked while balls are falling: each ball pays from the table it was dropped on.</p>}
          <Button variant="primary" size="lg" disabled={!bet.canBet} onClick={() => void play()}>
            {pending > 0 ? 'Drop another ball' : 'Drop ball'}
          </Button>
        </>
      }
    />
  );
}
