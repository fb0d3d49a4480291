/**
 * Remembers when each key last fired, so one noisy source becomes one finding per period
 * instead of thousands. Bounded: the oldest keys are forgotten first.
 */
export class Throttle {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly periodMs: number,
    private readonly maxKeys = 2000,
  ) {}

  /** True (and remembered) when `key` has not fired within the period. */
  allow(key: string, now: number): boolean {
    const at = this.last.get(key);
    if (at !== undefined && now - at < this.periodMs) return false;
    this.last.delete(key);
    this.last.set(key, now);
    if (this.last.size > this.maxKeys) this.last.delete(this.last.keys().next().value as string);
    return true;
  }
}
