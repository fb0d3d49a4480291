import { DomainError } from './domain-error';

/** 503 when one key already has as many tasks waiting as the queue holds. */
export class ServerBusyError extends DomainError {
  constructor() {
    super(503, 'Server busy, try again', 'SERVER_BUSY');
  }
}

/**
 * Runs tasks for the same key one after another (per player, in this process), so concurrent
 * calls of one player do not race each other (bets for the same nonce, a poker top-up and a
 * cash-out); other keys run in parallel. At most `maxPerKey` tasks wait per key: more are refused
 * with 503 rather than queued without bound.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, { tail: Promise<unknown>; size: number }>();

  constructor(private readonly maxPerKey = 1024) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const entry = this.tails.get(key);
    if (entry && entry.size >= this.maxPerKey) return Promise.reject(new ServerBusyError());
    const prev = entry?.tail ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.catch(() => undefined);
    const slot = { tail, size: (entry?.size ?? 0) + 1 };
    this.tails.set(key, slot);
    void tail.then(() => {
      const now = this.tails.get(key);
      if (now === slot) this.tails.delete(key);
      else if (now) now.size--;
    });
    return next;
  }

  /** Tasks waiting or running for `key`. */
  depth(key: string): number {
    return this.tails.get(key)?.size ?? 0;
  }
}
