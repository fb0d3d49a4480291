import type { ReservesOverview } from '@cosmic/contracts';
import type { ReservesProofJson } from '@cosmic/game-engine';
import { api } from './api';

const reservesApi = api.injectEndpoints({
  endpoints: (b) => ({
    reservesSnapshots: b.query<ReservesOverview, void>({ query: () => 'reserves/snapshots' }),
    reservesProof: b.query<ReservesProofJson, string | undefined>({
      query: (snapshot) => (snapshot ? `reserves/proof?snapshot=${encodeURIComponent(snapshot)}` : 'reserves/proof'),
      // one player's proof: never served from another session's cache
      keepUnusedDataFor: 0,
    }),
  }),
});

/** Query: GET /api/reserves/snapshots → the latest proof-of-reserves snapshots, newest first. */
export const useReservesSnapshotsQuery = reservesApi.useReservesSnapshotsQuery;
/** Lazy query: GET /api/reserves/proof[?snapshot=id] → the session's inclusion proof (proven wallets only). */
export const useLazyReservesProofQuery = reservesApi.useLazyReservesProofQuery;
