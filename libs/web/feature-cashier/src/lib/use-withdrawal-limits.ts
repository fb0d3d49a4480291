import type { WithdrawalLimitsResponse } from '@cosmic/contracts';
import { api } from '@cosmic/web-data-access';

const limitsApi = api.injectEndpoints({
  endpoints: (b) => ({
    withdrawalLimits: b.query<WithdrawalLimitsResponse, string>({
      query: (walletAddress) => `crypto/withdraw/limits?walletAddress=${encodeURIComponent(walletAddress)}`,
      // a withdrawal invalidates 'Transactions', so what is left today is re-read after each one
      providesTags: ['Transactions'],
    }),
  }),
});

/** Query: GET /api/crypto/withdraw/limits → the minimum, the daily maximum (UTC day) and what is left of it today. */
export const useWithdrawalLimitsQuery = limitsApi.useWithdrawalLimitsQuery;
