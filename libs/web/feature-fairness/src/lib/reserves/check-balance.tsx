import { useMemo } from 'react';
import type { ReservesSnapshot } from '@cosmic/contracts';
import { verifyReservesProof, type ReservesProofJson } from '@cosmic/game-engine';
import { errorMessage, useLazyReservesProofQuery, useWallet } from '@cosmic/web-data-access';
import { Badge, Button, Card } from '@cosmic/web-ui';
import { amina } from './format';

/** A proof as a downloadable JSON file (the CLI reads the same file). */
function downloadHref(proof: ReservesProofJson): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(proof, null, 2))}`;
}

function Verdict({ proof, snapshot }: { proof: ReservesProofJson; snapshot: ReservesSnapshot | undefined }) {
  // checked in this browser with the same game-engine code as `npm run verify -- --reserves`,
  // against the root and total the snapshot list shows and its anchoring transaction's note holds
  const result = useMemo(
    () => verifyReservesProof(proof, snapshot ? { hash: snapshot.rootHash, sum: snapshot.liabilities } : undefined),
    [proof, snapshot],
  );
  const file = `cosmic-reserves-proof-${proof.snapshotId}-${proof.userId}.json`;
  // what the hint shows of a proof the verdict may have refused as malformed
  const leaves = Array.isArray(proof.leaves) ? proof.leaves : [];
  return (
    <div className="cc-reserves__verdict" aria-live="polite" data-testid="reserves-verdict">
      {result.ok ? (
        <>
          <Badge tone="cyan">Included</Badge>
          <p>
            Your balance of <strong>{amina(result.balance)}</strong> is in snapshot {result.snapshotId}: its{' '}
            {result.shares} shares add up to it, and the path from each share's leaf leads to the root{' '}
            <code className="cc-mono">{result.rootHash}</code> and adds up to its total of {amina(result.liabilities)}
            {snapshot?.anchor.txId ? (
              <>
                , the root published in transaction <code className="cc-mono">{snapshot.anchor.txId}</code>
              </>
            ) : null}
            .
          </p>
        </>
      ) : (
        <p className="cc-fair__bad" role="alert">
          The proof does not verify: {result.error}
        </p>
      )}
      <p className="cc-fair__hint">
        Your balance of {proof.balance} base units is split into {leaves.length} random shares, each a leaf of its own:
        SHA-256 of user id {proof.userId}, that leaf's salt and the share; each leaf's {leaves[0]?.path?.length ?? 0}{' '}
        sibling(s) with their sums lead to the root, one of {proof.leafCount} leaves.
      </p>
      <a className="cc-reserves__download" href={downloadHref(proof)} download={file}>
        Download proof (JSON)
      </a>
      <p className="cc-fair__hint">
        Check it yourself: <code className="cc-mono">npm run verify -- --reserves {file}</code>
      </p>
    </div>
  );
}

/** "Check my balance": fetches the signed-in player's inclusion proof and verifies it in the browser. */
export function CheckBalance({ snapshots }: { snapshots: readonly ReservesSnapshot[] }) {
  const { hasWallet, watchOnly, requestSignIn } = useWallet();
  const [fetchProof, { data, error, isFetching }] = useLazyReservesProofQuery();
  const snapshot = snapshots.find((s) => s.id === data?.snapshotId);
  return (
    <Card className="cc-fair__card" aria-labelledby="check-title">
      <h2 id="check-title" className="cc-fair__title">
        Check my balance
      </h2>
      <p className="cc-fair__note">
        Your AMINA balance is split into random shares, each a leaf with its own salt, shuffled among every player's
        leaves and padding. Your proof holds your leaves and, for each, the sibling hashes with their sums up to the
        root. Only you are served your proof.
      </p>
      {!hasWallet && (
        <p className="cc-fair__empty">
          Connect your wallet to check your AMINA balance. Guests and House Coins are not part of the proof.
        </p>
      )}
      {watchOnly && (
        <div className="cc-reserves__signin">
          <p className="cc-fair__empty">
            Sign in with your wallet to check your balance: the proof is served only to the wallet's owner.
          </p>
          <Button variant="ghost" onClick={requestSignIn}>
            Sign in with your wallet
          </Button>
        </div>
      )}
      {hasWallet && !watchOnly && (
        <Button onClick={() => void fetchProof(undefined)} disabled={isFetching || snapshots.length === 0}>
          {isFetching ? 'Checking…' : 'Check my balance'}
        </Button>
      )}
      {error && (
        <p className="cc-fair__bad" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {data && !error && <Verdict proof={data} snapshot={snapshot} />}
    </Card>
  );
}
