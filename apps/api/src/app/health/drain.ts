import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requestRoute } from '../common/request-path';

/** The answer to a request that arrives on an open connection once the API is shutting down. */
export const DRAINING_ANSWER = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The server is shutting down: try again',
} as const;

const COUNTED = Symbol('drain.counted');
type Counted = FastifyRequest & { [COUNTED]?: boolean };

/**
 * Draining before a shutdown (SIGTERM): once begun, /api/health/ready answers 503, a new request
 * on an already open connection is answered 503 with `Connection: close` (health probes are still
 * answered), and idle() resolves when the requests that were in flight have been answered, so
 * their work (bets included) is done before the database pool closes.
 */
@Injectable()
export class Drain {
  private draining = false;
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  get isDraining(): boolean {
    return this.draining;
  }

  /** Requests being answered right now. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Stops taking new work: readiness fails from now on. */
  begin(): void {
    this.draining = true;
  }

  /** Resolves true when no request is in flight, or false after `timeoutMs` with some still running. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  /** Counts requests in flight and turns new ones away while draining (a Fastify hook). */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', this.onRequest);
  }

  private readonly onRequest = (req: Counted, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (this.draining) {
      // the connection is closed after this answer: the server can finish closing
      void reply.header('connection', 'close');
      if (!isHealth(requestRoute(req))) {
        void reply.code(503).header('retry-after', '5').send(DRAINING_ANSWER);
        return;
      }
    }
    req[COUNTED] = true;
    this.inFlight++;
    // 'close' comes once the answer is out, and also when the client went away first (neither
    // onResponse nor onRequestAbort comes then for a request whose body was already read)
    reply.raw.once('close', () => this.finished(req));
    done();
  };

  private finished(req: Counted): void {
    if (!req[COUNTED]) return;
    req[COUNTED] = false;
    if (--this.inFlight === 0 && this.waiters.length > 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) w();
    }
  }
}

/** A health route, or a path under it (by the route, never the raw URL: see common/request-path.ts). */
function isHealth(route: string): boolean {
  return route === '/api/health' || route.startsWith('/api/health/');
}
