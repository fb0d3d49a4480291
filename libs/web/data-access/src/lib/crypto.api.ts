import type { BalanceResponse, BettingLimitsResponse, VerifyWalletResponse, WalletArgs } from '@cosmic/contracts';
import { api } from './api';

const cryptoApi = api.injectEndpoints({
  endpoints: (b) => ({
    // A POST that reads: the chain's view of the wallet (balances, AMINA opt-in).
    verifyWallet: b.mutation<VerifyWalletResponse, string>({
      query: (walletAddress) => ({
        url: 'crypto/verify-wallet',
        method: 'POST',
        body: { walletAddress } satisfies WalletArgs,
      }),
    }),
    cryptoBalance: b.query<BalanceResponse, string>({
      query: (walletAddress) => `crypto/balance/${encodeURIComponent(walletAddress)}`,
      providesTags: ['Balance'],
    }),
    bettingLimits: b.query<BettingLimitsResponse, string>({
      query: (walletAddress) => `crypto/betting-limits/${encodeURIComponent(walletAddress)}`,
      providesTags: ['Limits'],
      // betting limits are cached for 30 s (the bankroll cap behind them moves with the house's funds)
      keepUnusedDataFor: 30,
    }),
  }),
});

/** The crypto endpoints (for thunks). */
export const cryptoEndpoints = cryptoApi.endpoints;
/** Mutation: POST /api/crypto/verify-wallet {walletAddress} → {balances, optedIn}. */
export const useVerifyWalletMutation = cryptoApi.useVerifyWalletMutation;
/** Query: GET /api/crypto/balance/{walletAddress} → casino balances and the wallet's chain AMINA. */
export const useCryptoBalanceQuery = cryptoApi.useCryptoBalanceQuery;
/** Query: GET /api/crypto/betting-limits/{walletAddress} → AMINA {min, max}, cached 30 s. */
export const useBettingLimitsQuery = cryptoApi.useBettingLimitsQuery;
