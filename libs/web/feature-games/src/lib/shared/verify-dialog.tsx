import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import { serverSeedHash, verify, type Verified } from '@cosmic/game-engine';
import { useSeedActions, useSeedHistoryQuery, useWallet } from '@cosmic/web-data-access';
import { Button, Dialog, FactList } from '@cosmic/web-ui';
import { engineParams, paramFacts, type VerifyParams, verifyHref } from './verify-params';

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
      return `Ball path ${list(o['path']).map((s) => (s === '1' ? 'R' : 'L')).join(' ')} lands in slot ${String(o['slot'])} (${String(o['risk'])} risk)`;
    case 'hilo':
      return `Cards ${list(o['cards']).join(' ')}: run ${String(o['status'])}, streak ${String(o['streak'])}`;
    case 'blackjack':
      return `Dealer ${list(o['dealer']).join(' ')}; ${rows(o['hands']).map((h, i) => `hand ${i + 1} ${list(h['cards']).join(' ')}${h['result'] ? ` — ${String(h['result'])}` : ''}`).join('; ')}`;
    case 'slots':
      return `${rows(o['cascades']).length} winning cascade${rows(o['cascades']).length === 1 ? '' : 's'}, ${String(o['scatters'])} scatter${o['scatters'] === 1 ? '' : 's'}${Number(o['freeSpinsAwarded']) > 0 ? `, ${String(o['freeSpinsAwarded'])} free spins awarded` : ''}`;
  }
}

/** The recomputed bet: commitment check, outcome, multiplier, payout and the full outcome as JSON. */
function Recomputed({ bet, serverSeed }: { bet: VerifyParams; serverSeed: string }) {
  const result = useMemo(() => {
    // the engine takes the stake in base units
    const units = bet.stake ? parseAmount(bet.stake.amount) : null;
    const stake = bet.stake && units?.ok ? { stake: units.value.toString(), currency: bet.stake.currency } : {};
    return verify(bet.game, serverSeed, bet.clientSeed, bet.nonce, { ...engineParams(bet.game, bet.extra), ...stake });
  }, [bet, serverSeed]);
  const matches = serverSeedHash(serverSeed) === bet.serverSeedHash;
  if (!result.ok) return <p className="cc-verify__bad" role="alert">{result.error}</p>;
  const r: Verified = result;
  return (
    <div className="cc-verify__result" data-testid="verify-result">
      <p className={matches ? 'cc-verify__good' : 'cc-verify__bad'}>
        {matches ? '✓ The revealed server seed matches the hash you were shown before betting' : '✗ The revealed server seed does not match the committed hash'}
      </p>
      <p className="cc-verify__headline" data-testid="verify-headline">{outcomeHeadline(bet.game, r.outcome)}</p>
      <p>
        {r.multiplierValue === null ? 'Round still in play' : <>Pays <strong>×{Number(r.multiplierValue.toFixed(6))}</strong> the bet</>}
        {r.payout !== undefined && bet.stake && (
          <> — <strong data-testid="verify-payout">{formatAmount(BigInt(r.payout))} {bet.stake.currency}</strong> paid</>
        )}
      </p>
      <details>
        <summary>Full outcome (JSON)</summary>
        <pre className="cc-verify__json">{JSON.stringify(r.outcome, null, 2)}</pre>
      </details>
    </div>
  );
}

/**
 * "Verify this bet" as a dialog over the game: the bet's seeds and parameters, and once its server
 * seed is revealed (rotating the pair reveals it) the bet recomputed in the browser with the same
 * engine the server settled with. The full verifier page is one link away, prefilled.
 */
export default function VerifyDialog({ bet, onClose }: { bet: VerifyParams; onClose(): void }) {
  const { address, connected } = useWallet();
  const { data: history, isFetching } = useSeedHistoryQuery(connected && address ? address : skipToken);
  const seeds = useSeedActions(address ?? '');
  const revealed = history?.find((h) => h.serverSeedHash === bet.serverSeedHash);
  const stake = bet.stake ? [{ label: 'Bet', value: `${bet.stake.amount} ${bet.stake.currency}` }] : [];
  const facts = [
    { label: 'Game', value: bet.game },
    ...paramFacts(bet.game, bet.extra),
    ...stake,
    { label: 'Nonce', value: String(bet.nonce) },
    { label: 'Client seed', value: bet.clientSeed },
    { label: 'Server seed hash', value: bet.serverSeedHash },
  ];
  return (
    <Dialog title="Verify this bet" onClose={onClose} actions={<Button onClick={onClose}>Close</Button>}>
      <div className="cc-verify" data-testid="verify-dialog">
        <FactList facts={facts} />
        {revealed ? (
          <Recomputed bet={bet} serverSeed={revealed.serverSeed} />
        ) : (
          <div className="cc-verify__secret">
            <p>The server seed of this bet is still secret: it is revealed when you rotate your seed pair (your next bets use a new pair).</p>
            {seeds.blocked ? (
              <p>{seeds.blocked}</p>
            ) : (
              <Button variant="primary" disabled={seeds.rotating || isFetching} onClick={() => void seeds.rotate()}>
                Reveal the server seed
              </Button>
            )}
          </div>
        )}
        <Link to={verifyHref(bet, revealed?.serverSeed)} onClick={onClose}>Open in the verifier</Link>
      </div>
    </Dialog>
  );
}
