import type { skipToken } from '@reduxjs/toolkit/query/react';
import type { HouseInfoResponse } from '@cosmic/contracts';
import { api } from './api';

/** GET /api/crypto/house-info: the AMINA asset, its creator, the house address and exchange links. */
export type HouseInfo = HouseInfoResponse;

/** House info is fresh for 5 minutes; a screen that stays open reads it again then. */
export const HOUSE_INFO_TTL_MS = 300_000;

const houseInfoApi = api.injectEndpoints({
  endpoints: (b) => ({
    houseInfo: b.query<HouseInfo, void>({
      query: () => 'crypto/house-info',
      providesTags: ['HouseInfo'],
      // house info is cached for 5 minutes (and read again after 5 minutes on an open screen: the hook polls)
      keepUnusedDataFor: HOUSE_INFO_TTL_MS / 1000,
    }),
  }),
});

/** The house-info endpoint (for code that needs it outside a component, e.g. the wallet apps' network). */
export const houseInfoEndpoints = houseInfoApi.endpoints;
type HouseInfoOptions = Parameters<typeof houseInfoApi.useHouseInfoQuery>[1];

/**
 * Hook: the AMINA house info (asset id, creator, exchange links), cached 5 min and read again every
 * 5 min while a screen shows it (the cache alone would only drop it 5 min after the last screen left).
 */
export function useHouseInfoQuery(arg: void | typeof skipToken = undefined, options?: HouseInfoOptions) {
  return houseInfoApi.useHouseInfoQuery(arg, {
    pollingInterval: HOUSE_INFO_TTL_MS,
    skipPollingIfUnfocused: true,
    ...options,
  });
}
