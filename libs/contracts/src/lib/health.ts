import { Type, type Static } from '@sinclair/typebox';

// GET /api/health, /api/health/live and /api/health/ready: what the API answers orchestrators and
// the web (each schema is what fast-json-stringify writes, and the OpenAPI answer).

/**
 * GET /api/health: up or down per dependency, never an error text (those name hosts, ports and
 * drivers; they go to the log). Orchestrators poll it, so it is never rate limited.
 */
export const HealthReportSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  uptimeSeconds: Type.Number(),
  database: Type.Object({ ok: Type.Boolean(), latencyMs: Type.Optional(Type.Number()) }),
  chain: Type.Object({
    ok: Type.Boolean(),
    round: Type.Optional(Type.String()),
    network: Type.Optional(Type.String()),
    genesisId: Type.Optional(Type.String()),
  }),
});
/** GET /api/health's answer. */
export type HealthReport = Static<typeof HealthReportSchema>;

/** GET /api/health/live: the process is up and its event loop answers; nothing else is asked. */
export const LivenessReportSchema = Type.Object({ status: Type.Literal('live'), uptimeSeconds: Type.Number() });
/** GET /api/health/live's answer. */
export type LivenessReport = Static<typeof LivenessReportSchema>;

/**
 * GET /api/health/ready: whether this instance should be sent traffic. Ready when the database and
 * the chain node answer, every migration of this build is applied, and the instance is not
 * shutting down (a 503 with the same body otherwise).
 */
export const ReadinessReportSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  database: Type.Object({ ok: Type.Boolean() }),
  chain: Type.Object({ ok: Type.Boolean() }),
  migrations: Type.Object({ ok: Type.Boolean(), pending: Type.Optional(Type.Number()) }),
  draining: Type.Boolean(),
});
/** GET /api/health/ready's answer. */
export type ReadinessReport = Static<typeof ReadinessReportSchema>;
