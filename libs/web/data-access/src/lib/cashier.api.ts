import { api } from './api';

/** POST /api/crypto/build-deposit answer: the unsigned AMINA transfer (base64 msgpack) to sign. */
export interface BuildDepositResponse {
  txnB64: string;
  intentId: string;
  note: string;
  amount: string;
}

/** POST /api/crypto/notify-deposit answer. */
export interface NotifyDepositResponse {
  txId: string;
  status: 'credited' | 'pending' | 'parked';
  amount?: string;
}

/** POST /api/crypto/withdraw answer. */
export interface WithdrawResponse {
  status: 'sent' | 'pending';
  txId: string;
  message: string;
  withdrawalId: string;
}

/** One row of GET /api/crypto/transactions. */
export interface CashierTransaction {
  kind: 'deposit' | 'withdrawal';
  id: string;
  amount: string;
  status: string;
  txId: string | null;
  address: string;
  time: string;
}

const cashierApi = api.injectEndpoints({
  endpoints: (b) => ({
    buildDeposit: b.mutation<BuildDepositResponse, { walletAddress: string; amount: string }>({
      query: (body) => ({ url: 'crypto/build-deposit', method: 'POST', body }),
    }),
    submitDeposit: b.mutation<{ txId: string }, { walletAddress: string; signedTxnB64: string }>({
      query: (body) => ({ url: 'crypto/submit-deposit', method: 'POST', body }),
      invalidatesTags: ['Transactions'],
    }),
    notifyDeposit: b.mutation<NotifyDepositResponse, { walletAddress: string; txId: string }>({
      query: (body) => ({ url: 'crypto/notify-deposit', method: 'POST', body }),
      invalidatesTags: ['Transactions'],
    }),
    withdraw: b.mutation<WithdrawResponse, { walletAddress: string; amount: string; toAddress?: string }>({
      query: (body) => ({ url: 'crypto/withdraw', method: 'POST', body }),
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
