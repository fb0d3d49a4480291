/** A transaction or group refused by the devnet; `message` uses algod's wording. */
export class TxnRejectedError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'TxnRejectedError';
  }
}

/** Prefix algod puts on errors found while adding a group to its pending block. */
export const POOL_PREFIX = 'TransactionPool.Remember: ';
