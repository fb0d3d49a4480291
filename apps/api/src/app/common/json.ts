/**
 * JSON for jsonb columns: bigints (exact rationals, base units) become strings; everything else as
 * JSON.stringify writes it. Written out by hand because JSON.stringify with a replacer function
 * calls it for every key and was a visible share of a bet's CPU (BENCHMARKS.md).
 */
export function toJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(v: unknown): string | undefined {
  switch (typeof v) {
    case 'bigint':
      return `"${v}"`;
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return write((v as { toJSON(): unknown }).toJSON());
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + (write(v[i]) ?? 'null');
        return out + ']';
      }
      let out = '{';
      let first = true;
      for (const key of Object.keys(v)) {
        const s = write((v as Record<string, unknown>)[key]);
        if (s === undefined) continue;
        out += (first ? '' : ',') + JSON.stringify(key) + ':' + s;
        first = false;
      }
      return out + '}';
    }
    default:
      return undefined; // undefined, functions and symbols are left out, as JSON.stringify does
  }
}
