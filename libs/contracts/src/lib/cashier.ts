import { Type, type Static } from '@sinclair/typebox';
import { Base64, CheckedByService, Uuid4, WalletAddress } from './fields';

// The cashier's wire types (POST/GET /api/crypto/* for AMINA deposits and withdrawals), shared by
// the API that answers them and the web cashier that shows them. Amounts are decimal strings,
// checked by the cashier's services (their 400s state the minimum, the daily maximum, the decimals).

const amount = (example: string, description?: string) =>
  CheckedByService<string>({ example, ...(description ? { description } : {}) });

/** POST /api/crypto/build-deposit body. */
export const BuildDepositBodySchema = Type.Object(
  { amount: amount('1.5'), walletAddress: WalletAddress() },
  { additionalProperties: false },
);
/** POST /api/crypto/build-deposit body. */
export type BuildDepositRequest = Static<typeof BuildDepositBodySchema>;

/** POST /api/crypto/submit-deposit body. */
export const SubmitDepositBodySchema = Type.Object(
  {
    signedTxnB64: Base64('signedTxnB64', 4096, 'base64 of the signed deposit transaction'),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/crypto/submit-deposit body. */
export type SubmitDepositRequest = Static<typeof SubmitDepositBodySchema>;

/** POST /api/crypto/notify-deposit body: the deposit's transaction id. */
export const NotifyDepositBodySchema = Type.Object(
  { txId: CheckedByService<string>(), walletAddress: WalletAddress() },
  { additionalProperties: false },
);
/** POST /api/crypto/notify-deposit body. */
export type NotifyDepositRequest = Static<typeof NotifyDepositBodySchema>;

/** POST /api/crypto/withdraw/challenge body: the amount and the other address to pay. */
export const WithdrawChallengeBodySchema = Type.Object(
  {
    amount: amount('0.5'),
    toAddress: Type.String({
      pattern: '^[A-Z2-7]{58}$',
      description: 'the other address to pay',
      errorMessage: 'toAddress must be a string',
      patternMessage: 'toAddress must be a 58-character Algorand address',
    }),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/crypto/withdraw/challenge body. */
export type WithdrawChallengeRequest = Static<typeof WithdrawChallengeBodySchema>;

/** POST /api/crypto/withdraw body: to another address it carries the signed /withdraw/challenge. */
export const WithdrawBodySchema = Type.Object(
  {
    amount: amount(
      '0.5',
      'AMINA, at least WITHDRAWAL_MIN_AMINA (default 0.001) and at most what is left today of WITHDRAWAL_DAILY_MAX_AMINA (default 10; GET /withdraw/limits)',
    ),
    toAddress: Type.Optional(
      Type.String({
        pattern: '^([A-Z2-7]{58})?$',
        description: 'blank: the connected wallet',
        errorMessage: 'toAddress must be a string',
        patternMessage: 'toAddress must be a 58-character Algorand address',
      }),
    ),
    challengeId: Type.Optional(
      Uuid4(
        'challengeId must be the id returned by /withdraw/challenge',
        'for another toAddress: the id from /withdraw/challenge, signed now by the proven wallet',
      ),
    ),
    signedTxnB64: Type.Optional(Base64('signedTxnB64', 4096, 'the signed withdrawal challenge transaction (base64)')),
    signatureB64: Type.Optional(
      Base64(
        'signatureB64',
        200,
        'or a base64 ed25519 signature of the challenge (ARC-60 with authenticatorDataB64, else algosdk signBytes)',
      ),
    ),
    authenticatorDataB64: Type.Optional(Base64('authenticatorDataB64', 400)),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/crypto/withdraw body. */
export type WithdrawRequest = Static<typeof WithdrawBodySchema>;

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
