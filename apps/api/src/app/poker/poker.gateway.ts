import { Logger, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket, WebSocketServer } from 'ws';
import { POKER_WS_PATH, type ServerMessage } from '@cosmic/poker';
import type { SessionUser } from '../auth/session.service';
import { assertCanWrite } from '../auth/ownership';
import { DomainError } from '../common/domain-error';
import { toAction } from './action';
import { PokerService } from './poker.service';
import { PokerTables } from './poker-tables.service';
import { SocketAuth } from './socket-auth';
import type { TableSource } from './table-snapshot';

type AuthedRequest = IncomingMessage & { pokerUser?: SessionUser; pokerToken?: string };
interface Client {
  user: SessionUser;
  /** The session token, checked again before every move. */
  token: string;
  /** Messages in the current rate window. */
  window: { start: number; count: number };
  tableId: string | null;
  alive: boolean;
  /** The history version this socket last received (the history is resent only when it changes). */
  historySent: number;
}
type Reply = ServerMessage | undefined;

const PING_MS = 25_000;
/** Open poker sockets one player may hold (tabs, reconnects). */
export const MAX_SOCKETS_PER_USER = 8;
/** Messages one socket may send per window before it is closed. */
export const SOCKET_MESSAGES_PER_WINDOW = 100;
export const SOCKET_WINDOW_MS = 5_000;
const idOf = (data: unknown): number | null => {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
};
const tableIdOf = (data: unknown): string | null => {
  const id = (data as { tableId?: unknown } | null)?.tableId;
  return typeof id === 'string' && /^[a-z0-9-]{1,32}$/.test(id) ? id : null;
};

/**
 * The live table: `ws(s)://host/api/poker/ws`, authenticated at the upgrade from the session
 * cookie. Messages are JSON `{event, data}`: the browser sends `watch`, `act` and `sit-in`; the
 * server answers `ack` and pushes `table` (the viewer's own view) after every change.
 */
@WebSocketGateway({ path: POKER_WS_PATH, maxPayload: 4096 })
export class PokerGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger('PokerGateway');
  private readonly clients = new Map<WebSocket, Client>();
  private unsubscribe: () => void = () => undefined;
  private pinger: NodeJS.Timeout | null = null;

  constructor(
    private readonly auth: SocketAuth,
    private readonly poker: PokerService,
    private readonly tables: PokerTables,
  ) {}

  afterInit(server: WebSocketServer): void {
    // reject before the upgrade completes: no session (401) or a foreign origin (403)
    (server.options as { verifyClient?: unknown }).verifyClient = (
      info: { req: AuthedRequest },
      done: (ok: boolean, code?: number, message?: string) => void,
    ) => {
      this.auth.check(info.req).then(
        (r) =>
          'user' in r
            ? ((info.req.pokerUser = r.user), (info.req.pokerToken = r.token), done(true))
            : done(false, r.status, r.message),
        () => done(false, 500, 'Server error'),
      );
    };
    this.unsubscribe = this.tables.onChange((t) => this.broadcast(t));
    // a seated player with a socket here is present: one gone longer than the away time is cashed out
    this.poker.presence = () => [...new Set([...this.clients.values()].map((c) => c.user.userId))];
    this.pinger = setInterval(() => this.ping(), PING_MS);
    this.pinger.unref();
  }

  handleConnection(socket: WebSocket, req: AuthedRequest): void {
    if (!req.pokerUser || !req.pokerToken) return socket.close(4401, 'No session');
    const userId = req.pokerUser.userId;
    let open = 0;
    for (const c of this.clients.values()) if (c.user.userId === userId) open++;
    if (open >= MAX_SOCKETS_PER_USER) return socket.close(4429, 'Too many open poker connections: close another tab');
    this.clients.set(socket, {
      user: req.pokerUser,
      token: req.pokerToken,
      window: { start: Date.now(), count: 0 },
      tableId: null,
      alive: true,
      historySent: -1,
    });
    socket.on('pong', () => {
      const c = this.clients.get(socket);
      if (c) c.alive = true;
    });
  }

  handleDisconnect(socket: WebSocket): void {
    this.clients.delete(socket);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    if (this.pinger) clearInterval(this.pinger);
  }

  /** Start receiving a table's views (whichever instance runs it). */
  @SubscribeMessage('watch')
  async watch(@ConnectedSocket() socket: WebSocket, @MessageBody() data: unknown): Promise<Reply> {
    const client = this.admit(socket);
    const tableId = tableIdOf(data);
    if (!client) return undefined;
    if (!tableId || !this.tables.config(tableId)) return { event: 'error', data: { message: 'Unknown table' } };
    const table = await this.tables.source(tableId);
    client.tableId = tableId;
    client.historySent = table.historyVersion;
    return { event: 'table', data: table.view(client.user.userId) };
  }

  /** A move; answered with an ack (the new view arrives as a `table` message). */
  @SubscribeMessage('act')
  act(@ConnectedSocket() socket: WebSocket, @MessageBody() data: unknown): Promise<Reply> {
    return this.run(socket, data, async (user, tableId) => {
      const d = data as { action?: unknown; amount?: unknown };
      await this.poker.act(user, tableId, toAction(d.action, d.amount), false);
    });
  }

  /** Back from sitting out. */
  @SubscribeMessage('sit-in')
  sitIn(@ConnectedSocket() socket: WebSocket, @MessageBody() data: unknown): Promise<Reply> {
    return this.run(socket, data, async (user, tableId) => void (await this.poker.sitIn(user, tableId, false)));
  }

  /** The socket's client if it is within its message rate; a flooding socket is closed. */
  private admit(socket: WebSocket): Client | undefined {
    const client = this.clients.get(socket);
    if (!client) return undefined;
    const now = Date.now();
    if (now - client.window.start >= SOCKET_WINDOW_MS) client.window = { start: now, count: 0 };
    if (++client.window.count > SOCKET_MESSAGES_PER_WINDOW) {
      this.clients.delete(socket);
      socket.close(4429, 'Too many messages: slow down');
      return undefined;
    }
    return client;
  }

  private async run(
    socket: WebSocket,
    data: unknown,
    fn: (user: SessionUser, tableId: string) => Promise<void>,
  ): Promise<Reply> {
    const client = this.admit(socket);
    const id = idOf(data);
    const tableId = tableIdOf(data);
    if (!client) return undefined;
    if (!tableId) return { event: 'ack', data: { id, ok: false, error: 'tableId is missing' } };
    // every move re-checks the session: a signed-out or expired session's socket is closed
    const user = await this.auth.recheck(client.token).catch(() => null);
    if (!user) {
      this.clients.delete(socket);
      socket.close(4401, 'Your session has ended: reconnect to keep playing');
      return undefined;
    }
    client.user = user;
    try {
      assertCanWrite(user); // a watch-only session may watch a table, never act at one
      await fn(user, tableId); // at the table's owner: here or forwarded to the instance running it
      return { event: 'ack', data: { id, ok: true } };
    } catch (e) {
      if (!(e instanceof DomainError))
        this.logger.error({ msg: 'poker socket action failed', err: String(e) }, (e as Error)?.stack);
      return {
        event: 'ack',
        data: { id, ok: false, error: e instanceof DomainError ? e.message : 'Something went wrong on our side' },
      };
    }
  }

  /** Sends a table's change to the sockets watching it (a table run here, or one relayed from its owner). */
  private broadcast(table: TableSource): void {
    for (const [socket, c] of this.clients) {
      if (c.tableId !== table.config.id || socket.readyState !== socket.OPEN) continue;
      const withHistory = c.historySent !== table.historyVersion;
      c.historySent = table.historyVersion;
      const message: ServerMessage = { event: 'table', data: table.view(c.user.userId, withHistory) };
      socket.send(JSON.stringify(message));
    }
  }

  /** Drops sockets that stopped answering pings (a closed laptop, a lost network). */
  private ping(): void {
    for (const [socket, c] of this.clients) {
      if (!c.alive) {
        socket.terminate();
        continue;
      }
      c.alive = false;
      socket.ping();
    }
  }
}
