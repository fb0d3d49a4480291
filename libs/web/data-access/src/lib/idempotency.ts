import type { FetchArgs } from '@reduxjs/toolkit/query/react';

/** The header that makes a money-moving POST safe to send twice (the server answers the first result). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key: one per click, reused by every retry of that click. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A POST that moves money, with its own Idempotency-Key. RTK Query calls `query` once per
 * trigger (one click), so each click gets one key and the base query's retries resend it.
 */
export function moneyPost(url: string, body: unknown = {}): FetchArgs {
  return { url, method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } };
}

/** Whether a request carries an Idempotency-Key (only those are retried after a lost answer). */
export function hasIdempotencyKey(args: string | FetchArgs): boolean {
  if (typeof args === 'string' || !args.headers) return false;
  const h = args.headers;
  if (h instanceof Headers) return h.has(IDEMPOTENCY_HEADER);
  if (Array.isArray(h)) return h.some(([k]) => k.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
  return Object.keys(h).some((k) => k.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
}
