import type { ServerResponse } from 'node:http';

/** What EventSource waits before it reconnects. */
const RETRY_MS = 2_000;
/** A comment line that keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/** How an event stream is bounded, and what ends it. */
export interface EventStreamOptions {
  /** Bytes the stream may have unsent (in this process) before its client is dropped as not reading. */
  bufferBytes: number;
  /** Longest the stream stays open, ms (ended up to 10% earlier, so reconnects spread out). */
  maxLifetimeMs: number;
  /** How often `shouldEnd` is asked, ms. */
  checkMs: number;
  /** True when the stream must end now (the API is draining). */
  shouldEnd(): boolean;
  /** Called once when the stream is over, however it ended. */
  onClose(why: 'ended' | 'slow' | 'gone'): void;
}

/**
 * One `text/event-stream` answer on a hijacked response: a heartbeat comment every 15 s, ended
 * at its lifetime or when `shouldEnd` says so (the browser reconnects), and destroyed at once when
 * its unsent bytes pass `bufferBytes`: a client that does not read cannot make the server buffer
 * without bound (write() queues whatever the socket does not take).
 */
export class EventStream {
  private open = true;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly options: EventStreamOptions,
  ) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once
      'x-accel-buffering': 'no',
    });
    res.once('close', () => this.finish('gone'));
    if (res.destroyed || !res.socket || res.socket.destroyed) {
      // the client left while the stream was being set up: its 'close' has come and gone
      this.finish('gone');
      return;
    }
    this.write(`retry: ${RETRY_MS}\n\n`);
    let sinceBeat = 0;
    this.timers.push(
      setInterval(() => {
        // a stream open when draining began is ended within a tick, so the drain does not wait for it
        if (options.shouldEnd()) return this.end();
        sinceBeat += options.checkMs;
        if (sinceBeat < HEARTBEAT_MS) return;
        sinceBeat = 0;
        this.write(': keep-alive\n\n');
      }, options.checkMs),
      setTimeout(() => this.end(), options.maxLifetimeMs * (1 - Math.random() * 0.1)),
    );
  }

  /** Sends one event (`data` as JSON). */
  event(name: string, data: unknown): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Ends the stream after what is already written. */
  end(): void {
    if (!this.open) return;
    this.finish('ended');
    this.res.end();
  }

  private write(chunk: string): void {
    if (!this.open) return;
    this.res.write(chunk);
    // writableLength: what this process holds for the client beyond what its socket took
    if (this.res.writableLength > this.options.bufferBytes) {
      this.finish('slow');
      this.res.destroy();
    }
  }

  private finish(why: 'ended' | 'slow' | 'gone'): void {
    if (!this.open) return;
    this.open = false;
    for (const t of this.timers) clearTimeout(t);
    this.options.onClose(why);
  }
}
