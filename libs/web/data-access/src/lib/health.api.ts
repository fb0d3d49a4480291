import type { HealthReport } from '@cosmic/contracts';
import { api } from './api';

/** GET /api/health as the API answers it (the contract's schema). */
export type { HealthReport };

const healthApi = api.injectEndpoints({
  endpoints: (b) => ({
    health: b.query<HealthReport, void>({ query: () => 'health' }),
  }),
});

/** Hook: the API's health (database and chain). */
export const useHealthQuery = healthApi.useHealthQuery;
