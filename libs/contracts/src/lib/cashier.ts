// The cashier's wire types (POST/GET /api/crypto/* for AMINA deposits and withdrawals), shared by
// the API that answers them and the web cashier that shows them.

/** POST /api/crypto/build-deposit: the unsigned AMINA transfer (base64 msgpack) to sign. */
export interface BuildDepositResponse {
  txnB64: string;
  intentId: string;
  note: string;
  amount: string;
}

/** POST /api/crypto/submit-deposit: the id of the relayed transaction. */
export interface SubmitDepositResponse {
  txId: string;
}

/** Where a deposit the player announced stands: credited, not seen yet, or parked for an operator. */
export type NotifyDepositStatus = 'credited' | 'pending' | 'parked';

/** POST /api/crypto/notify-deposit. */
export interface NotifyDepositResponse {
  txId: string;
  status: NotifyDepositStatus;
  amount?: string;
}

/** POST /api/crypto/withdraw: what the player is told. */
export interface WithdrawResponse {
  status: 'sent' | 'pending';
  txId: string;
  message: string;
  withdrawalId: string;
}

/**
 * Where a withdrawal stands: 'pending' (recorded, not sent yet) and 'sending' (sent, not seen in a
 * block yet) are still open; 'confirmed' is paid; 'refunded' gave the amount back to the balance.
 */
export type WithdrawalStatus = 'pending' | 'sending' | 'confirmed' | 'refunded';

/** GET /api/crypto/withdrawals/{withdrawalId}: one of the session's withdrawals, polled while its outcome is open. */
export interface WithdrawalStatusResponse {
  withdrawalId: string;
  status: WithdrawalStatus;
  amount: string;
  toAddress: string;
  txId: string | null;
  /** Why it was refunded. */
  reason?: string;
}

/** Which way a cashier transaction moved AMINA. */
export type CashierTransactionKind = 'deposit' | 'withdrawal';

/** One row of GET /api/crypto/transactions: a deposit or withdrawal as the cashier's history lists it. */
export interface CashierTransaction {
  kind: CashierTransactionKind;
  id: string;
  amount: string;
  status: string;
  txId: string | null;
  address: string;
  time: string;
}

/** GET /api/crypto/withdraw/limits: the withdrawal minimum, the daily maximum (UTC day) and what is left of it today. */
export interface WithdrawalLimitsResponse {
  minAmina: string;
  dailyMaxAmina: string;
  withdrawnTodayAmina: string;
  remainingTodayAmina: string;
}
