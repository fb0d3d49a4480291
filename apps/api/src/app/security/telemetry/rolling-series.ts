/**
 * A fixed ring of time buckets (e.g. 60 × 1 s): constant memory, O(1) to add, answered from
 * memory. Buckets that time has passed read as zero without being cleared first.
 */
export class RollingSeries {
  private readonly values: Float64Array;
  private readonly stamps: Float64Array;

  constructor(
    readonly size: number,
    readonly bucketMs: number,
    private readonly mode: 'sum' | 'max' = 'sum',
  ) {
    this.values = new Float64Array(size);
    this.stamps = new Float64Array(size).fill(-1);
  }

  add(now: number, value = 1): void {
    const idx = Math.floor(now / this.bucketMs);
    const slot = idx % this.size;
    if (this.stamps[slot] !== idx) {
      this.stamps[slot] = idx;
      this.values[slot] = value;
    } else if (this.mode === 'sum') this.values[slot] += value;
    else if (value > this.values[slot]) this.values[slot] = value;
  }

  /** Oldest to newest, the current (partial) bucket last. */
  series(now: number): number[] {
    const last = Math.floor(now / this.bucketMs);
    const out = new Array<number>(this.size);
    for (let i = 0; i < this.size; i++) {
      const idx = last - this.size + 1 + i;
      const slot = ((idx % this.size) + this.size) % this.size;
      out[i] = this.stamps[slot] === idx ? this.values[slot] : 0;
    }
    return out;
  }

  /** Sum over the last `buckets` buckets (the whole ring by default). */
  total(now: number, buckets = this.size): number {
    const s = this.series(now);
    let sum = 0;
    for (let i = s.length - Math.min(buckets, s.length); i < s.length; i++) sum += s[i];
    return sum;
  }
}
