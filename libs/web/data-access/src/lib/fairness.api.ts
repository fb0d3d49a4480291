import type { Paytables } from '@cosmic/game-engine';
import { api } from './api';

const fairnessApi = api.injectEndpoints({
  endpoints: (b) => ({
    paytables: b.query<Paytables, void>({ query: () => 'fairness/paytables' }),
  }),
});

/** Query: GET /api/fairness/paytables → every paytable with its exact RTP. */
export const usePaytablesQuery = fairnessApi.usePaytablesQuery;
