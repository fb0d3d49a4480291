import type { AnchorChain, BetReceipt } from '@cosmic/contracts';
import { api } from './api';

export type { AnchorChain, BetReceipt };

const anchorsApi = api.injectEndpoints({
  endpoints: (b) => ({
    betReceipt: b.query<BetReceipt, string>({
      query: (id) => `bets/${encodeURIComponent(id)}/receipt`,
      keepUnusedDataFor: 60,
    }),
    anchorChain: b.query<AnchorChain, string>({
      query: (id) => `anchors/${encodeURIComponent(id)}/chain`,
      keepUnusedDataFor: 300,
    }),
  }),
});

/** Query: GET /api/bets/:id/receipt → the bet's anchor receipt (or when it is expected). */
export const useBetReceiptQuery = anchorsApi.useBetReceiptQuery;
/** Query: GET /api/anchors/:id/chain → the anchor's transaction as the indexer has it. */
export const useAnchorChainQuery = anchorsApi.useAnchorChainQuery;
