/** JSON for jsonb columns: bigints (exact rationals, base units) become strings. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}
