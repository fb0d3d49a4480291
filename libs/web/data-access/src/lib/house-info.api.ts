import type { HouseInfoResponse } from '@cosmic/contracts';
import { api } from './api';

/** GET /api/crypto/house-info: the AMINA asset, its creator, the house address and exchange links. */
export type HouseInfo = HouseInfoResponse;

const houseInfoApi = api.injectEndpoints({
  endpoints: (b) => ({
    houseInfo: b.query<HouseInfo, void>({
      query: () => 'crypto/house-info',
      providesTags: ['HouseInfo'],
      // spec §9: house info is cached for 5 minutes
      keepUnusedDataFor: 300,
    }),
  }),
});

/** The house-info endpoint (for code that needs it outside a component, e.g. the wallet apps' network). */
export const houseInfoEndpoints = houseInfoApi.endpoints;
/** Hook: the AMINA house info (asset id, creator, exchange links), cached 5 min. */
export const useHouseInfoQuery = houseInfoApi.useHouseInfoQuery;
