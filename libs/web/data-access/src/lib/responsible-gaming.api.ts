import { api } from './api';

/** GET /api/responsible-gaming/limits: the player's limits and what today's play has used. */
export interface PlayerLimitsDto {
  dailyLossLimitHC: string | null;
  dailyLossLimitAMINA: string | null;
  lostTodayHC: string;
  lostTodayAMINA: string;
  selfExcludedUntil: string | null;
}

const rgApi = api.injectEndpoints({
  endpoints: (b) => ({
    playerLimits: b.query<PlayerLimitsDto, string>({
      query: (walletAddress) => `responsible-gaming/limits?walletAddress=${encodeURIComponent(walletAddress)}`,
      providesTags: ['User'],
    }),
    setLossLimit: b.mutation<PlayerLimitsDto, { walletAddress: string; dailyLossLimitHC: string }>({
      query: (body) => ({ url: 'responsible-gaming/limits', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    selfExclude: b.mutation<PlayerLimitsDto, { walletAddress: string; days: number }>({
      query: (body) => ({ url: 'responsible-gaming/self-exclude', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

/** Query: the player's loss limits, today's losses and any self-exclusion. */
export const usePlayerLimitsQuery = rgApi.usePlayerLimitsQuery;
/** Mutation: set (or lower) the daily House Coin loss limit. */
export const useSetLossLimitMutation = rgApi.useSetLossLimitMutation;
/** Mutation: start (or extend) a self-exclusion period. */
export const useSelfExcludeMutation = rgApi.useSelfExcludeMutation;
