import { Injectable } from '@nestjs/common';
import type { RealTimeStats } from '@cosmic/contracts';
import { RollingSeries } from './rolling-series';

const SECONDS = 60;

/**
 * Counts every /api request and answer (status, latency) into per-second rings, from Fastify
 * hooks; the dashboard's real-time panel reads it from memory.
 */
@Injectable()
export class Traffic {
  private readonly requests = new RollingSeries(SECONDS, 1000);
  private readonly rejected = new RollingSeries(SECONDS, 1000);
  private readonly limited = new RollingSeries(SECONDS, 1000);
  private readonly serverErrors = new RollingSeries(SECONDS, 1000);
  private readonly latencySum = new RollingSeries(SECONDS, 1000);
  private readonly answered = new RollingSeries(SECONDS, 1000);
  private readonly latencyMax = new RollingSeries(SECONDS, 1000, 'max');
  private readonly totals = { requests: 0, rejected: 0, rateLimited: 0, serverErrors: 0 };

  request(now: number): void {
    this.requests.add(now);
    this.totals.requests++;
  }

  response(status: number, elapsedMs: number, now: number): void {
    this.answered.add(now);
    this.latencySum.add(now, elapsedMs);
    this.latencyMax.add(now, elapsedMs);
    if (status === 429) {
      this.limited.add(now);
      this.totals.rateLimited++;
    } else if (status >= 400 && status < 500) {
      this.rejected.add(now);
      this.totals.rejected++;
    } else if (status >= 500) {
      this.serverErrors.add(now);
      this.totals.serverErrors++;
    }
  }

  snapshot(now: number): RealTimeStats {
    const rps = this.requests.series(now);
    const sums = this.latencySum.series(now);
    const counts = this.answered.series(now);
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      windowSeconds: SECONDS,
      requestsPerSecond: rps,
      rejectedPerSecond: this.rejected.series(now),
      rateLimitedPerSecond: this.limited.series(now),
      serverErrorsPerSecond: this.serverErrors.series(now),
      avgLatencyMs: sums.map((s, i) => (counts[i] ? round(s / counts[i]) : 0)),
      maxLatencyMs: this.latencyMax.series(now).map(round),
      // the current second is partial: the last complete one is the honest "now"
      currentRps: rps[rps.length - 2],
      peakRps: Math.max(...rps),
      requestsLastMinute: rps.reduce((a, b) => a + b, 0),
      totals: { ...this.totals },
    };
  }
}
