import { useMemo } from 'react';
import { type BetOutcome, toBetOutcome } from '@cosmic/contracts';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import { serverSeedHash, verify, type Verified } from '@cosmic/game-engine';
import { outcomeDifferences } from './outcome';
import { OutcomeView } from './outcome-view';
import { engineParams, type VerifyParams } from './verify-params';
import './bet-details.css';

type O = Record<string, unknown>;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const rows = (v: unknown): O[] => (Array.isArray(v) ? (v as O[]) : []);

/** One line saying what the recomputed bet did. */
export function outcomeHeadline(game: VerifyParams['game'], o: O): string {
  switch (game) {
    case 'dice': {
      const [a, b] = list(o['dice']);
      return `Dice ${a} + ${b} = ${String(o['total'])} on a ${String(o['betType'])} bet: ${o['won'] ? 'won' : 'lost'}`;
    }
    case 'plinko':
      return `Ball path ${list(o['path'])
        .map((s) => (s === '1' ? 'R' : 'L'))
        .join(' ')} lands in slot ${String(o['slot'])} (${String(o['risk'])} risk)`;
    case 'hilo':
      return `Cards ${list(o['cards']).join(' ')}: run ${String(o['status'])}, streak ${String(o['streak'])}`;
    case 'blackjack':
      return `Dealer ${list(o['dealer']).join(' ')}; ${rows(o['hands'])
        .map((h, i) => `hand ${i + 1} ${list(h['cards']).join(' ')}${h['result'] ? ` — ${String(h['result'])}` : ''}`)
        .join('; ')}`;
    case 'slots':
      return `${rows(o['cascades']).length} winning cascade${rows(o['cascades']).length === 1 ? '' : 's'}, ${String(o['scatters'])} scatter${o['scatters'] === 1 ? '' : 's'}${Number(o['freeSpinsAwarded']) > 0 ? `, ${String(o['freeSpinsAwarded'])} free spins awarded` : ''}`;
  }
}

/** What the server settled, to hold the recomputation against. */
export interface SettledBet {
  outcome: BetOutcome;
  /** The payout the row credited (decimal). */
  payout: string;
}

/**
 * The bet recomputed in the browser with the engine the server settled with: the commitment
 * check, the outcome, multiplier and payout, and (given what was settled) whether the outcome and
 * payout are the same.
 */
export function Recomputed({
  bet,
  serverSeed,
  settled,
}: {
  bet: VerifyParams;
  serverSeed: string;
  settled?: SettledBet;
}) {
  const result = useMemo(() => {
    // the engine takes the stake in base units
    const units = bet.stake ? parseAmount(bet.stake.amount) : null;
    const stake = bet.stake && units?.ok ? { stake: units.value.toString(), currency: bet.stake.currency } : {};
    return verify(bet.game, serverSeed, bet.clientSeed, bet.nonce, { ...engineParams(bet.game, bet.extra), ...stake });
  }, [bet, serverSeed]);
  const matches = serverSeedHash(serverSeed) === bet.serverSeedHash;
  if (!result.ok)
    return (
      <p className="cc-verify__bad" role="alert">
        {result.error}
      </p>
    );
  const r: Verified = result;
  const recomputed = settled ? toBetOutcome(bet.game, r.outcome) : null;
  const differences = settled && recomputed ? outcomeDifferences(settled.outcome, recomputed) : [];
  const paid = r.payout !== undefined && bet.stake ? formatAmount(BigInt(r.payout)) : null;
  const payoutMatches = settled && paid !== null ? paid === settled.payout : null;
  return (
    <div className="cc-verify__result" data-testid="verify-result">
      <p className={matches ? 'cc-verify__good' : 'cc-verify__bad'}>
        {matches
          ? '✓ The revealed server seed matches the hash you were shown before betting'
          : '✗ The revealed server seed does not match the committed hash'}
      </p>
      {settled && (
        <p
          className={differences.length === 0 ? 'cc-verify__good' : 'cc-verify__bad'}
          data-testid="verify-outcome-match"
        >
          {differences.length === 0
            ? '✓ Recomputed outcome matches the settled bet'
            : `✗ Recomputed outcome differs from the settled bet (${differences.join(', ')})`}
        </p>
      )}
      {payoutMatches !== null && (
        <p className={payoutMatches ? 'cc-verify__good' : 'cc-verify__bad'} data-testid="verify-payout-match">
          {payoutMatches
            ? `✓ Recomputed payout ${paid} ${bet.stake?.currency} matches what was paid`
            : `✗ Recomputed payout ${paid} differs from the ${settled?.payout} paid`}
        </p>
      )}
      <p className="cc-verify__headline" data-testid="verify-headline">
        {outcomeHeadline(bet.game, r.outcome)}
      </p>
      <p>
        {r.multiplierValue === null ? (
          'Round still in play'
        ) : (
          <>
            Pays <strong>×{Number(r.multiplierValue.toFixed(6))}</strong> the bet
          </>
        )}
        {paid !== null && (
          <>
            {' '}
            —{' '}
            <strong data-testid="verify-payout">
              {paid} {bet.stake?.currency}
            </strong>{' '}
            paid
          </>
        )}
      </p>
      {recomputed && differences.length > 0 && <OutcomeView outcome={recomputed} />}
      <details>
        <summary>Full outcome (JSON)</summary>
        <pre className="cc-verify__json" tabIndex={0} aria-label="The recomputed outcome">
          {JSON.stringify(r.outcome, null, 2)}
        </pre>
      </details>
    </div>
  );
}
