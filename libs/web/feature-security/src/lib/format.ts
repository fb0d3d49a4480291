/** "12 s ago", "4 min ago", "3 h ago" from an ISO time. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** "mm:ss" of a duration in ms (for the session countdown). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** "3 d 4 h", "5 h 12 min", "7 min" from seconds. */
export function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  return `${m} min`;
}

/** 12345 → "12,345"; 1234567 → "1.23 M". */
export function count(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(2)} M`;
  return Math.round(n).toLocaleString('en-US');
}

/** "sentinel" → "Sentinel". */
export function title(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A finding type as words: "rate-limit" → "Rate limit". */
export function words(type: string): string {
  return title(type.replace(/-/g, ' '));
}
