import type { AnchorChain, BetReceipt } from '@cosmic/contracts';
import { parseBetAnchorNote, verifyBetReceipt } from '@cosmic/game-engine';

/** A bet's anchor as the caller loaded it: the receipt, its transaction read from the indexer, or why not. */
export interface AnchorState {
  receipt?: BetReceipt;
  chain?: AnchorChain;
  error?: string | null;
}

/** The receipt checked in the browser against the transaction's note (SHA-256 alone): null when it holds, else why not. */
export function anchorProblem(receipt: BetReceipt, chain: AnchorChain): string | null {
  if (receipt.status !== 'anchored') return 'the bet is not anchored yet';
  if (chain.txid !== receipt.txid) return `the chain answered transaction ${chain.txid}, not ${receipt.txid}`;
  if (chain.sender !== chain.houseAddress) return `transaction ${chain.txid} was not sent by the house`;
  const note = parseBetAnchorNote(new TextEncoder().encode(chain.note));
  if (!note.ok) return `transaction ${chain.txid}: ${note.error}`;
  const checked = verifyBetReceipt(receipt, note.commitment);
  return checked.ok ? null : checked.error;
}

/**
 * "Anchored in transaction …" and the receipt checked against the chain with a green check, or
 * when the bet will be anchored, or what failed.
 */
export function AnchorSection({ anchor }: { anchor: AnchorState }) {
  const { receipt, chain, error } = anchor;
  if (error)
    return (
      <p className="cc-verify__bad" role="alert">
        {error}
      </p>
    );
  if (!receipt) return <p className="cc-bd-line">Loading the anchor receipt…</p>;
  if (receipt.status === 'pending')
    return (
      <p className="cc-bd-line" data-testid="bd-anchor-pending">
        Not anchored yet: expected by{' '}
        <time dateTime={receipt.expectedBy}>{new Date(receipt.expectedBy).toLocaleTimeString()}</time>.{' '}
        {receipt.message}
      </p>
    );
  const problem = chain ? anchorProblem(receipt, chain) : undefined;
  return (
    <div className="cc-verify__result" data-testid="bd-anchor">
      <p>
        Anchored in transaction <code data-testid="bd-anchor-txid">{receipt.txid}</code> (round {receipt.round})
      </p>
      {problem === undefined ? (
        <p>Checking the receipt against the chain…</p>
      ) : problem === null ? (
        <p className="cc-verify__good" data-testid="bd-anchor-ok">
          <span aria-hidden="true">✓</span> Receipt checked against the chain: this bet is in the Merkle root written in
          the transaction’s note.
        </p>
      ) : (
        <p className="cc-verify__bad" role="alert" data-testid="bd-anchor-bad">
          ✗ The receipt does not match the chain: {problem}
        </p>
      )}
    </div>
  );
}
