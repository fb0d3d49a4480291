import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { VitalsSnapshot } from '@cosmic/contracts';
import { availableParallelism, hostname, loadavg } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 1e4) / 100;

/** Event-loop delay and memory of this instance, sampled at most once a second. */
@Injectable()
export class Vitals implements OnModuleDestroy {
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private readonly startedAt = new Date();
  private cached: { at: number; value: VitalsSnapshot } | null = null;

  constructor() {
    this.loop.enable();
  }

  snapshot(now: number): VitalsSnapshot {
    if (this.cached && now - this.cached.at < 1000) return this.cached.value;
    const mem = process.memoryUsage();
    const value: VitalsSnapshot = {
      instance: `${hostname()}:${process.pid}`,
      pid: process.pid,
      nodeVersion: process.version,
      startedAt: this.startedAt.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      eventLoopDelayMs: { mean: ms(this.loop.mean), p99: ms(this.loop.percentile(99)), max: ms(this.loop.max) },
      heapUsedMb: Math.round(mem.heapUsed / 1048576),
      rssMb: Math.round(mem.rss / 1048576),
      loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
      cpus: availableParallelism(),
    };
    this.cached = { at: now, value };
    return value;
  }

  onModuleDestroy(): void {
    this.loop.disable();
  }
}
