import { Type, type Static } from '@sinclair/typebox';
import { Base64, CheckedByService, Uuid4, WalletAddress } from './fields';

// The cashier's wire types (POST/GET /api/crypto/* for AMINA deposits and withdrawals), shared by
// the API that answers them and the web cashier that shows them. Amounts are decimal strings,
// checked by the cashier's services (their 400s state the minimum, the daily maximum, the decimals;
// no amount past AMOUNT_MAX of fields.ts).

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

// ---- answers: each schema is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer ----

const decimal = Type.String({ description: 'AMINA, a decimal string' });

/** POST /api/crypto/build-deposit: the unsigned AMINA transfer (base64 msgpack) to sign. */
export const BuildDepositResponseSchema = Type.Object({
  txnB64: Type.String(),
  intentId: Type.String(),
  note: Type.String(),
  amount: decimal,
});
/** POST /api/crypto/build-deposit's answer. */
export type BuildDepositResponse = Static<typeof BuildDepositResponseSchema>;

/** POST /api/crypto/submit-deposit: the id of the relayed transaction. */
export const SubmitDepositResponseSchema = Type.Object({ txId: Type.String() });
/** POST /api/crypto/submit-deposit's answer. */
export type SubmitDepositResponse = Static<typeof SubmitDepositResponseSchema>;

/** Where a deposit the player announced stands: credited, not seen yet, or parked for an operator. */
export const NotifyDepositStatusSchema = Type.Union([
  Type.Literal('credited'),
  Type.Literal('pending'),
  Type.Literal('parked'),
]);
/** Where a deposit the player announced stands. */
export type NotifyDepositStatus = Static<typeof NotifyDepositStatusSchema>;

/** POST /api/crypto/notify-deposit (the amount once the transfer is found). */
export const NotifyDepositResponseSchema = Type.Object({
  txId: Type.String(),
  status: NotifyDepositStatusSchema,
  amount: Type.Optional(decimal),
});
/** POST /api/crypto/notify-deposit's answer. */
export type NotifyDepositResponse = Static<typeof NotifyDepositResponseSchema>;

/** POST /api/crypto/withdraw: what the player is told. */
export const WithdrawResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('sent'), Type.Literal('pending')]),
  txId: Type.String(),
  message: Type.String(),
  withdrawalId: Type.String(),
});
/** POST /api/crypto/withdraw's answer. */
export type WithdrawResponse = Static<typeof WithdrawResponseSchema>;

/**
 * Where a withdrawal stands: 'pending' (recorded, not sent yet) and 'sending' (sent, not seen in a
 * block yet) are still open; 'confirmed' is paid; 'refunded' gave the amount back to the balance.
 */
export const WithdrawalStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('confirmed'),
  Type.Literal('refunded'),
]);
/** Where a withdrawal stands. */
export type WithdrawalStatus = Static<typeof WithdrawalStatusSchema>;

/** GET /api/crypto/withdrawals/{withdrawalId}: one of the session's withdrawals, polled while its outcome is open. */
export const WithdrawalStatusResponseSchema = Type.Object({
  withdrawalId: Type.String(),
  status: WithdrawalStatusSchema,
  amount: decimal,
  toAddress: Type.String(),
  txId: Type.Union([Type.String(), Type.Null()]),
  /** Why it was refunded. */
  reason: Type.Optional(Type.String()),
});
/** GET /api/crypto/withdrawals/{withdrawalId}'s answer. */
export type WithdrawalStatusResponse = Static<typeof WithdrawalStatusResponseSchema>;

/** Which way a cashier transaction moved AMINA. */
export const CashierTransactionKindSchema = Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')]);
/** Which way a cashier transaction moved AMINA. */
export type CashierTransactionKind = Static<typeof CashierTransactionKindSchema>;

/** One row of GET /api/crypto/transactions: a deposit or withdrawal as the cashier's history lists it. */
export const CashierTransactionSchema = Type.Object({
  kind: CashierTransactionKindSchema,
  id: Type.String(),
  amount: decimal,
  /**
   * A deposit: 'credited' or 'parked' once its transfer is recorded; before that 'awaiting signature'
   * (built, not sent), 'submitted', or 'not sent' once its transfer's last valid round has passed
   * without it. A withdrawal: its status ('signed' reads 'sending').
   */
  status: Type.String(),
  txId: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  time: Type.String(),
});
/** One row of GET /api/crypto/transactions. */
export type CashierTransaction = Static<typeof CashierTransactionSchema>;
/** GET /api/crypto/transactions: the session's deposits and withdrawals, newest first. */
export const CashierTransactionsSchema = Type.Array(CashierTransactionSchema);

/** GET /api/crypto/withdraw/limits: the withdrawal minimum, the daily maximum (UTC day) and what is left of it today. */
export const WithdrawalLimitsResponseSchema = Type.Object({
  minAmina: decimal,
  dailyMaxAmina: decimal,
  withdrawnTodayAmina: decimal,
  remainingTodayAmina: decimal,
});
/** GET /api/crypto/withdraw/limits's answer. */
export type WithdrawalLimitsResponse = Static<typeof WithdrawalLimitsResponseSchema>;
