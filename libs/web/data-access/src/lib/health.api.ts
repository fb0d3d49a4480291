import { api } from './api';

/** GET /api/health as the front end sees it. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { ok: boolean; latencyMs?: number; error?: string };
  chain: { ok: boolean; round?: string; network?: string; error?: string };
}

const healthApi = api.injectEndpoints({
  endpoints: (b) => ({
    health: b.query<HealthReport, void>({ query: () => 'health' }),
  }),
});

/** Hook: the API's health (database and chain). */
export const useHealthQuery = healthApi.useHealthQuery;
