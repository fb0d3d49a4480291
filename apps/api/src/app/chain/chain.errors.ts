import { DomainError } from '../common/domain-error';

/** Configuration disagrees with the chain; the app must refuse to start. `field` names the setting. */
export class ChainConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChainConfigError';
  }
}

/** Why algod refused a transaction, from its error text. */
export type ChainRejectReason =
  | 'receiver-not-opted-in'
  | 'sender-not-opted-in'
  | 'insufficient-asset'
  | 'overspend'
  | 'below-min-balance'
  | 'expired'
  | 'lease-conflict'
  | 'bad-signature'
  | 'fee-too-low'
  | 'wrong-network'
  | 'pool-full'
  | 'rejected';

/**
 * Refusals of the exact bytes that hold for as long as those bytes could ever be valid, short of
 * someone else changing the chain for them (the house topping up, the receiver opting in) — so
 * if no other broadcast of the bytes is in flight, the transaction will not land. Everything
 * else is NOT final: 'expired' (it may have landed before lastValid; look it up), 'pool-full' and
 * 'fee-too-low' (congestion: another node may hold it, and it can land later), 'lease-conflict'
 * (something holding our lease is live), and 'rejected' (a text we do not recognise).
 */
export const NEVER_LANDS: ReadonlySet<ChainRejectReason> = new Set<ChainRejectReason>([
  'receiver-not-opted-in',
  'sender-not-opted-in',
  'insufficient-asset',
  'overspend',
  'below-min-balance',
  'bad-signature',
  'wrong-network',
]);

/**
 * The node answered and refused these bytes now. Whether they can still land depends on the
 * reason (see NEVER_LANDS): a refusal alone is never a reason to refund. The message is ours;
 * `algodMessage` (also `detail`) is the node's own text, logged but never shown to players.
 */
export class ChainRejectedError extends DomainError {
  readonly detail: string;
  constructor(
    readonly reason: ChainRejectReason,
    message: string,
    readonly algodMessage: string,
  ) {
    super(409, message, 'CHAIN_REJECTED');
    this.detail = `algod: ${algodMessage}`;
  }
}

/**
 * The node could not be reached, timed out or failed (5xx): for a submit the outcome is
 * UNKNOWN — the transaction may be on chain. Resolve it by txid after its lastValid. The
 * message names only what we asked; `detail` holds the node's answer (logged, never shown).
 */
export class ChainUnavailableError extends DomainError {
  constructor(
    what: string,
    readonly detail: string,
    readonly httpStatus?: number,
  ) {
    super(503, `The Algorand node is not answering right now (${what}): try again in a moment`, 'CHAIN_UNAVAILABLE');
  }
}

/** The receiver of an asset transfer has not opted in to the asset. */
export class NotOptedInError extends DomainError {
  constructor(
    readonly address: string,
    readonly assetId: bigint,
  ) {
    super(
      409,
      `Address ${address} is not opted in to asset ${assetId}; it must opt in before it can receive it`,
      'NOT_OPTED_IN',
    );
  }
}

const RULES: Array<[RegExp, ChainRejectReason, (m: RegExpExecArray) => string]> = [
  [
    /receiver error: must optin, asset (\d+) missing from ([A-Z2-7]{58})/,
    'receiver-not-opted-in',
    (m) => `Receiver ${m[2]} is not opted in to asset ${m[1]}`,
  ],
  [
    /asset (\d+) missing from ([A-Z2-7]{58})/,
    'sender-not-opted-in',
    (m) => `Sender ${m[2]} is not opted in to asset ${m[1]}`,
  ],
  [
    /underflow on subtracting (\d+) from sender amount (\d+)/,
    'insufficient-asset',
    (m) => `Sender holds ${m[2]} units, cannot send ${m[1]}`,
  ],
  [
    /overspend \(account ([A-Z2-7]{58})/,
    'overspend',
    (m) => `Account ${m[1]} has too little ALGO for this transaction and its fee`,
  ],
  [
    /account ([A-Z2-7]{58}) balance \d+ below min (\d+)/,
    'below-min-balance',
    (m) => `Account ${m[1]} would drop below its minimum balance of ${m[2]} microALGO`,
  ],
  [
    /txn dead: round (\d+) outside of (\d+)--(\d+)/,
    'expired',
    (m) => `Transaction is outside its validity window (round ${m[1]}, valid ${m[2]}–${m[3]})`,
  ],
  [/overlapping lease/, 'lease-conflict', () => 'Another transaction from this sender holds the same lease'],
  [
    /signature|should have been authorized by|signedtxn has no sig/,
    'bad-signature',
    () => 'Transaction signature is invalid or from the wrong key',
  ],
  [
    /fees, which is less than the minimum|below threshold/,
    'fee-too-low',
    () => 'Transaction fee is below the network minimum',
  ],
  [/transaction pool have reached capacity|pool is full/i, 'pool-full', () => "The node's transaction pool is full"],
  [/GenesisHash|GenesisID/, 'wrong-network', () => 'Transaction was built for another network'],
];

/** Maps algod's refusal text to a typed, readable error. */
export function rejectionFromAlgod(algodMessage: string): ChainRejectedError {
  for (const [pattern, reason, describe] of RULES) {
    const match = pattern.exec(algodMessage);
    if (match) return new ChainRejectedError(reason, describe(match), algodMessage);
  }
  return new ChainRejectedError('rejected', 'The Algorand network refused the transaction', algodMessage);
}
