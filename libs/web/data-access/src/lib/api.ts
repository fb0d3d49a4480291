import { createApi } from '@reduxjs/toolkit/query/react';
import { cosmicBaseQuery } from './base-query';

/**
 * The one RTK Query API: features inject their endpoints into it. Spec caching defaults: no
 * polling unless an endpoint asks, no refetch on focus, data kept, no retries.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: cosmicBaseQuery,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  keepUnusedDataFor: 60 * 60,
  tagTypes: ['User', 'Balance', 'Seeds', 'Bets', 'Limits', 'HouseInfo', 'Transactions', 'Security', 'RealityCheck'],
  endpoints: () => ({}),
});
