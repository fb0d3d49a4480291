import type {
  ConfirmPlayRequest,
  PlayerLimits,
  RealityCheck,
  RealityCheckAckRequest,
  RealityCheckIntervalRequest,
  SelfExcludeRequest,
  SetLimitsRequest,
  SetLimitsResponse,
} from '@cosmic/contracts';
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
    confirmPlay: b.mutation<PlayerLimitsDto, ConfirmPlayRequest>({
      query: (body) => ({ url: 'responsible-gaming/confirm-play', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    realityCheck: b.query<RealityCheck, string>({
      query: (walletAddress) => `responsible-gaming/reality-check?walletAddress=${encodeURIComponent(walletAddress)}`,
      providesTags: ['RealityCheck'],
    }),
    answerRealityCheck: b.mutation<RealityCheck, RealityCheckAckRequest>({
      query: (body) => ({ url: 'responsible-gaming/reality-check', method: 'POST', body }),
      invalidatesTags: ['RealityCheck'],
    }),
    setRealityInterval: b.mutation<RealityCheck, RealityCheckIntervalRequest>({
      query: (body) => ({ url: 'responsible-gaming/reality-check/interval', method: 'POST', body }),
      invalidatesTags: ['RealityCheck'],
    }),
  }),
});

/** Query: the player's loss limits, pending raises or removals, today's losses and any self-exclusion. */
export const usePlayerLimitsQuery = rgApi.usePlayerLimitsQuery;
/** Mutation: set the daily House Coin loss limit (null removes it); a raise or removal waits for the cool-off, and the answer's message says so. */
export const useSetLossLimitMutation = rgApi.useSetLossLimitMutation;
/** Mutation: start (or extend) a time-out or self-exclusion period. */
export const useSelfExcludeMutation = rgApi.useSelfExcludeMutation;
/** Mutation: confirm playing again once a time-out or self-exclusion has ended. */
export const useConfirmPlayMutation = rgApi.useConfirmPlayMutation;
/** Query: both currencies' play sessions (time, net result) and whether a reality check is due. */
export const useRealityCheckQuery = rgApi.useRealityCheckQuery;
/** Mutation: answer a due reality check (continue: the next one an interval away; leave: the session ends). */
export const useAnswerRealityCheckMutation = rgApi.useAnswerRealityCheckMutation;
/** Mutation: how often play in a currency pauses for a reality check (seconds; null: off, House Coins only). */
export const useSetRealityIntervalMutation = rgApi.useSetRealityIntervalMutation;
