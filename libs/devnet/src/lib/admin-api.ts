import { patchFaults, type DevnetFaults } from './faults';
import { errorReply, type Reply, type RequestContext, type Route } from './http-server';

/** What the admin routes need. */
export interface AdminDeps {
  faults: DevnetFaults;
  advanceRounds(count: number): bigint;
  describe(): unknown;
}

async function jsonBody(ctx: RequestContext): Promise<unknown> {
  const text = new TextDecoder().decode(await ctx.body());
  return text.trim() === '' ? {} : JSON.parse(text);
}

async function postFaults(deps: AdminDeps, ctx: RequestContext): Promise<Reply> {
  let patch: unknown;
  try {
    patch = await jsonBody(ctx);
  } catch {
    return errorReply(400, 'body must be JSON');
  }
  const error = patchFaults(deps.faults, patch);
  if (error) return errorReply(400, error);
  return { status: 200, json: deps.faults };
}

async function postAdvance(deps: AdminDeps, ctx: RequestContext): Promise<Reply> {
  let body: unknown;
  try {
    body = await jsonBody(ctx);
  } catch {
    return errorReply(400, 'body must be JSON');
  }
  const rounds = (body as { rounds?: unknown }).rounds ?? 1;
  if (!Number.isInteger(rounds) || (rounds as number) < 0 || (rounds as number) > 100_000) {
    return errorReply(400, 'rounds must be an integer between 0 and 100000');
  }
  return { status: 200, json: { round: deps.advanceRounds(rounds as number) } };
}

/** Loopback-only test controls, served on the algod port under /devnet/ (token required). */
export function adminRoutes(deps: AdminDeps): Route[] {
  return [
    { method: 'GET', pattern: /^\/devnet\/faults$/, handle: () => ({ status: 200, json: deps.faults }) },
    { method: 'POST', pattern: /^\/devnet\/faults$/, handle: (ctx) => postFaults(deps, ctx) },
    { method: 'POST', pattern: /^\/devnet\/advance$/, handle: (ctx) => postAdvance(deps, ctx) },
    { method: 'GET', pattern: /^\/devnet\/info$/, handle: () => ({ status: 200, json: deps.describe() }) },
  ];
}
