import type { BetDto } from '@cosmic/contracts';
import { api } from './api';

/** GET /api/bets arguments. */
export interface BetsArgs {
  walletAddress: string;
  /** 1–200, default 50 on the server. */
  limit?: number;
}

const betsApi = api.injectEndpoints({
  endpoints: (b) => ({
    bets: b.query<BetDto[], BetsArgs>({
      query: ({ walletAddress, limit }) => ({
        url: 'bets',
        params: limit === undefined ? { walletAddress } : { walletAddress, limit },
      }),
      providesTags: ['Bets'],
    }),
  }),
});

/** Query: GET /api/bets?walletAddress=&limit= → the player's settled bets, newest first. */
export const useBetsQuery = betsApi.useBetsQuery;
