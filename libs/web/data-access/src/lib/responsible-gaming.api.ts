import type { PlayerLimits, SelfExcludeRequest, SetLimitsRequest, SetLimitsResponse } from '@cosmic/contracts';
import { api } from './api';

/** GET /api/responsible-gaming/limits: the player's limits, pending raises or removals, and what today's play has used. */
export type PlayerLimitsDto = PlayerLimits;

const rgApi = api.injectEndpoints({
  endpoints: (b) => ({
    playerLimits: b.query<PlayerLimitsDto, string>({
      query: (walletAddress) => `responsible-gaming/limits?walletAddress=${encodeURIComponent(walletAddress)}`,
      providesTags: ['User'],
    }),
    setLossLimit: b.mutation<SetLimitsResponse, SetLimitsRequest>({
      query: (body) => ({ url: 'responsible-gaming/limits', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    selfExclude: b.mutation<PlayerLimitsDto, SelfExcludeRequest>({
      query: (body) => ({ url: 'responsible-gaming/self-exclude', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

/** Query: the player's loss limits, pending raises or removals, today's losses and any self-exclusion. */
export const usePlayerLimitsQuery = rgApi.usePlayerLimitsQuery;
/** Mutation: set the daily House Coin loss limit (null removes it); a raise or removal waits for the cool-off, and the answer's message says so. */
export const useSetLossLimitMutation = rgApi.useSetLossLimitMutation;
/** Mutation: start (or extend) a self-exclusion period. */
export const useSelfExcludeMutation = rgApi.useSelfExcludeMutation;
