import type {
  BuildDepositRequest,
  BuildDepositResponse,
  CashierTransaction,
  NotifyDepositRequest,
  NotifyDepositResponse,
  SubmitDepositRequest,
  SubmitDepositResponse,
  WithdrawalStatusResponse,
  WithdrawChallengeRequest,
  WithdrawRequest as WithdrawBody,
  WithdrawResponse,
} from '@cosmic/contracts';
import { api } from './api';
import { moneyPost } from './idempotency';
import type { SignInChallenge, SignInProof } from './ownership.api';

/** POST /api/crypto/withdraw body: to another address it carries the signed /withdraw/challenge (and then one proof). */
export type WithdrawRequest = Pick<WithdrawBody, 'walletAddress' | 'amount' | 'toAddress'> &
  ({ challengeId?: undefined } | ({ challengeId: string } & SignInProof));

const cashierApi = api.injectEndpoints({
  endpoints: (b) => ({
    buildDeposit: b.mutation<BuildDepositResponse, BuildDepositRequest>({
      query: (body) => ({ url: 'crypto/build-deposit', method: 'POST', body }),
    }),
    submitDeposit: b.mutation<SubmitDepositResponse, SubmitDepositRequest>({
      query: (body) => moneyPost('crypto/submit-deposit', body),
      invalidatesTags: ['Transactions'],
    }),
    notifyDeposit: b.mutation<NotifyDepositResponse, NotifyDepositRequest>({
      query: (body) => moneyPost('crypto/notify-deposit', body),
      invalidatesTags: ['Transactions'],
    }),
    withdraw: b.mutation<WithdrawResponse, WithdrawRequest>({
      query: (body) => moneyPost('crypto/withdraw', body),
      invalidatesTags: ['Transactions'],
    }),
    withdrawChallenge: b.mutation<SignInChallenge, WithdrawChallengeRequest>({
      query: (body) => ({ url: 'crypto/withdraw/challenge', method: 'POST', body }),
    }),
    withdrawalStatus: b.query<WithdrawalStatusResponse, string>({
      query: (withdrawalId) => `crypto/withdrawals/${encodeURIComponent(withdrawalId)}`,
    }),
    cashierTransactions: b.query<CashierTransaction[], string>({
      query: (walletAddress) => `crypto/transactions?walletAddress=${encodeURIComponent(walletAddress)}`,
      providesTags: ['Transactions'],
    }),
  }),
});

/** Mutation: POST /api/crypto/build-deposit {walletAddress, amount} → the unsigned transfer to sign. */
export const useBuildDepositMutation = cashierApi.useBuildDepositMutation;
/** Mutation: POST /api/crypto/submit-deposit {walletAddress, signedTxnB64} → {txId}. */
export const useSubmitDepositMutation = cashierApi.useSubmitDepositMutation;
/** Mutation: POST /api/crypto/notify-deposit {walletAddress, txId} → credited, pending or parked. */
export const useNotifyDepositMutation = cashierApi.useNotifyDepositMutation;
/** Mutation: POST /api/crypto/withdraw {walletAddress, amount, toAddress?, and to another address the signed challenge} → sent or pending. */
export const useWithdrawMutation = cashierApi.useWithdrawMutation;
/** Mutation: POST /api/crypto/withdraw/challenge {walletAddress, amount, toAddress} → the text the proven wallet signs to withdraw elsewhere. */
export const useWithdrawChallengeMutation = cashierApi.useWithdrawChallengeMutation;
/** Query: GET /api/crypto/withdrawals/{id} → pending, sending, confirmed or refunded (polled while open). */
export const useWithdrawalStatusQuery = cashierApi.useWithdrawalStatusQuery;
/** Query: GET /api/crypto/transactions?walletAddress= → the session's deposits and withdrawals. */
export const useCashierTransactionsQuery = cashierApi.useCashierTransactionsQuery;
