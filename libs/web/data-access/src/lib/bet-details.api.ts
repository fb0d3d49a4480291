import type { BetDetails } from '@cosmic/contracts';
import { api } from './api';

export type { BetDetails };

/** The cache tag of every bet of a seed pair (by its server seed hash): a reveal of that pair invalidates it. */
export const betSeedTag = (serverSeedHash: string) => ({ type: 'Bets' as const, id: `seed:${serverSeedHash}` });

const betDetailsApi = api.injectEndpoints({
  endpoints: (b) => ({
    betDetails: b.query<BetDetails, string>({
      query: (id) => `bet-details/${encodeURIComponent(id)}`,
      // a rotation invalidates 'Bets' (the seed is answered once revealed), and so does a `revealed` event of the live feed for that pair
      providesTags: (r, _e, id) => [
        { type: 'Bets', id: `details:${id}` },
        ...(r ? [betSeedTag(r.serverSeedHash)] : []),
      ],
      keepUnusedDataFor: 60,
    }),
  }),
});

/** Query: GET /api/bet-details/:id → one settled bet in full (outcome, seeds, the verifier's parameters). */
export const useBetDetailsQuery = betDetailsApi.useBetDetailsQuery;
