import type {
  NewServerSeedRequest,
  RevealedSeedDto,
  SeedRotationResponse,
  SeedStateDto,
  UpdateClientSeedRequest,
} from '@cosmic/contracts';
import { api } from './api';

const q = (walletAddress: string) => `walletAddress=${encodeURIComponent(walletAddress)}`;

const seedsApi = api.injectEndpoints({
  endpoints: (b) => ({
    currentSeeds: b.query<SeedStateDto, string>({
      query: (walletAddress) => `game-seeds/current?${q(walletAddress)}`,
      providesTags: ['Seeds'],
    }),
    seedHistory: b.query<RevealedSeedDto[], string>({
      query: (walletAddress) => `game-seeds/history?${q(walletAddress)}`,
      providesTags: ['Seeds'],
    }),
    // Both rotations reveal the old server seed, so bets of that pair become verifiable.
    updateClientSeed: b.mutation<SeedRotationResponse, UpdateClientSeedRequest>({
      query: (body) => ({ url: 'game-seeds/update-client-seed', method: 'POST', body }),
      invalidatesTags: ['Seeds', 'Bets'],
    }),
    newServerSeed: b.mutation<SeedRotationResponse, NewServerSeedRequest>({
      query: (body) => ({ url: 'game-seeds/new-server-seed', method: 'POST', body }),
      invalidatesTags: ['Seeds', 'Bets'],
    }),
  }),
});

/** Query: GET /api/game-seeds/current?walletAddress= → the active seed pair (hash, client seed, nonce) and the next server seed's hash. */
export const useCurrentSeedsQuery = seedsApi.useCurrentSeedsQuery;
/** Query: GET /api/game-seeds/history?walletAddress= → revealed server seeds, newest first. */
export const useSeedHistoryQuery = seedsApi.useSeedHistoryQuery;
/** Mutation: POST /api/game-seeds/update-client-seed → {revealed, current}. */
export const useUpdateClientSeedMutation = seedsApi.useUpdateClientSeedMutation;
/** Mutation: POST /api/game-seeds/new-server-seed → {revealed, current}. */
export const useNewServerSeedMutation = seedsApi.useNewServerSeedMutation;
