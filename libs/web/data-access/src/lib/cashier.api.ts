import type { BuildDepositResponse, CashierTransaction, NotifyDepositResponse, SubmitDepositResponse, WithdrawResponse } from '@cosmic/contracts';
import { api } from './api';
import { moneyPost } from './idempotency';

const cashierApi = api.injectEndpoints({
  endpoints: (b) => ({
    buildDeposit: b.mutation<BuildDepositResponse, { walletAddress: string; amount: string }>({
      query: (body) => ({ url: 'crypto/build-deposit', method: 'POST', body }),
    }),
    submitDeposit: b.mutation<SubmitDepositResponse, { walletAddress: string; signedTxnB64: string }>({
      query: (body) => moneyPost('crypto/submit-deposit', body),
      invalidatesTags: ['Transactions'],
    }),
    notifyDeposit: b.mutation<NotifyDepositResponse, { walletAddress: string; txId: string }>({
      query: (body) => moneyPost('crypto/notify-deposit', body),
      invalidatesTags: ['Transactions'],
    }),
    withdraw: b.mutation<WithdrawResponse, { walletAddress: string; amount: string; toAddress?: string }>({
      query: (body) => moneyPost('crypto/withdraw', body),
      invalidatesTags: ['Transactions'],
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
/** Mutation: POST /api/crypto/withdraw {walletAddress, amount, toAddress?} → sent or pending. */
export const useWithdrawMutation = cashierApi.useWithdrawMutation;
/** Query: GET /api/crypto/transactions?walletAddress= → the session's deposits and withdrawals. */
export const useCashierTransactionsQuery = cashierApi.useCashierTransactionsQuery;
