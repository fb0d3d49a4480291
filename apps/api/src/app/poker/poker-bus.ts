import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { DomainError } from '../common/domain-error';
import { PokerBusRepository } from './poker-bus.repository';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_999;
const RECONNECT_MS = 1_000;

/** 503: the instance running the table did not answer a forwarded action in time. */
export class TableUnavailableError extends DomainError {
  constructor() {
    super(503, 'The poker table is not answering: try again in a moment', 'POKER_UNAVAILABLE');
  }
}

/** 409: the table moved to another instance (the asked one no longer runs it). */
export class TableMovedError extends DomainError {
  constructor() {
    super(409, 'This table is moving to another server: try again in a moment', 'POKER_TABLE_MOVED');
  }
}

type Request = { k: 'q'; id: string; from: string; op: string; args: unknown };
type Answer =
  | { k: 'a'; id: string; ok: true; result: unknown }
  | { k: 'a'; id: string; ok: false; status: number; code: string; message: string };
/** Answers an action forwarded to this instance. */
export type RpcHandler = (op: string, args: unknown) => Promise<unknown>;

/** The channel an instance listens on for requests and answers addressed to it. */
const rpcChannel = (instanceId: string) => `poker_rpc_${instanceId}`;

/**
 * The instances' only link to one another: PostgreSQL LISTEN/NOTIFY on one dedicated connection
 * per instance (no extra dependency, no protocol of our own on the network). Table channels
 * carry short "tableId:version" notices; each instance also listens on its own channel for
 * forwarded actions ({id, from, op, args}) and their answers ({id, ok, result | error}), matched
 * by a correlation id and given up after a timeout.
 */
@Injectable()
export class PokerBus {
  private readonly logger = new Logger('PokerBus');
  private client: Client | null = null;
  private stopped = true;
  private instanceId = '';
  private readonly channels = new Map<string, (payload: string) => void>();
  private readonly pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }
  >();
  private handler: RpcHandler | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** Called after the connection came back (notices may have been missed meanwhile). */
  onReconnect: () => void = () => undefined;

  constructor(private readonly repo: PokerBusRepository) {}

  /** Listens on the given notice channels and on this instance's own request channel. */
  async start(
    instanceId: string,
    channels: Record<string, (payload: string) => void>,
    handler: RpcHandler,
  ): Promise<void> {
    this.instanceId = instanceId;
    this.handler = handler;
    for (const [name, fn] of Object.entries(channels)) this.channels.set(name, fn);
    this.stopped = false;
    await this.connect();
  }

  /** Stops listening; forwarded actions still waiting fail at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new TableUnavailableError());
      this.pending.delete(id);
    }
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Sends a notice on a channel (delivered to every listening instance, this one included). */
  async notify(channel: string, payload: string): Promise<void> {
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      throw new Error(`poker notice of ${Buffer.byteLength(payload)} bytes is over PostgreSQL's limit`);
    await this.repo.notify(channel, payload);
  }

  /**
   * Runs `op` on instance `to` and resolves with its result, or rejects with the DomainError it
   * answered (same status and message), or TableUnavailableError after `timeoutMs`.
   */
  request(to: string, op: string, args: unknown, timeoutMs: number): Promise<unknown> {
    if (this.stopped) return Promise.reject(new TableUnavailableError());
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new TableUnavailableError());
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const message: Request = { k: 'q', id, from: this.instanceId, op, args };
      this.notify(rpcChannel(to), JSON.stringify(message)).catch((e) => {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(e);
      });
    });
  }

  private async connect(): Promise<void> {
    const client = await this.repo.listen([...this.channels.keys(), rpcChannel(this.instanceId)], {
      notification: (channel, payload) => this.dispatch(channel, payload),
      // a lost connection is replaced; what was missed meanwhile is caught up by onReconnect
      end: (ended) => {
        if (this.client !== ended) return;
        this.client = null;
        if (!this.stopped) this.reconnectLater();
      },
    });
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private reconnectLater(): void {
    if (this.reconnectTimer || this.stopped) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => this.onReconnect(),
        (e) => {
          this.logger.warn({ msg: 'poker bus: reconnect failed', err: String(e) });
          this.reconnectLater();
        },
      );
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  private dispatch(channel: string, payload: string): void {
    if (this.stopped) return;
    const fn = this.channels.get(channel);
    if (fn) return fn(payload);
    if (channel !== rpcChannel(this.instanceId)) return;
    let message: Request | Answer;
    try {
      message = JSON.parse(payload) as Request | Answer;
    } catch {
      return;
    }
    if (message.k === 'q') void this.answer(message);
    else this.settle(message);
  }

  private settle(answer: Answer): void {
    const p = this.pending.get(answer.id);
    if (!p) return; // timed out already
    this.pending.delete(answer.id);
    clearTimeout(p.timer);
    if (answer.ok) p.resolve(answer.result);
    else
      p.reject(
        answer.code === 'POKER_TABLE_MOVED'
          ? new TableMovedError()
          : new DomainError(answer.status, answer.message, answer.code),
      );
  }

  private async answer(q: Request): Promise<void> {
    let answer: Answer;
    try {
      answer = { k: 'a', id: q.id, ok: true, result: await this.handler!(q.op, q.args) };
    } catch (e) {
      if (!(e instanceof DomainError))
        this.logger.error({ msg: 'poker forwarded action failed', op: q.op, err: String(e) }, (e as Error)?.stack);
      answer =
        e instanceof DomainError
          ? { k: 'a', id: q.id, ok: false, status: e.status, code: e.code, message: e.message }
          : { k: 'a', id: q.id, ok: false, status: 500, code: 'INTERNAL', message: 'Something went wrong on our side' };
    }
    await this.notify(rpcChannel(q.from), JSON.stringify(answer)).catch((e) =>
      this.logger.warn({ msg: 'poker bus: could not answer', err: String(e) }),
    );
  }
}
