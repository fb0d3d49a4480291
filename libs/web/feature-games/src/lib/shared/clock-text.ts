/**
 * A time of day in the player's own time zone, on a 24-hour clock: "16:05", or "16:05:09" with
 * seconds. Plain string work rather than `toLocaleTimeString`: a page's first date formatting loads
 * the browser's locale data, 29–33 ms of main thread on a game route's first screen on a 2-core
 * machine (BENCHMARKS.md, "A game route's first screen without Intl").
 */
export function clockText(at: Date | number | string, seconds = false): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return seconds ? `${hm}:${two(d.getSeconds())}` : hm;
}
