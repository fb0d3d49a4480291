import { Logger, OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket, WebSocketServer } from 'ws';
import { POKER_WS_PATH, type ServerMessage } from '@cosmic/poker';
import type { SessionUser } from '../auth/session.service';
import { assertCanWrite } from '../auth/ownership';
import { DomainError } from '../common/domain-error';
import { toAction } from './dto';
import { PokerService } from './poker.service';
import { PokerTables } from './poker-tables.service';
import { SocketAuth } from './socket-auth';
import type { TableRuntime } from './table-runtime';

type AuthedRequest = IncomingMessage & { pokerUser?: SessionUser };
interface Client {
  user: SessionUser;
  tableId: string | null;
  alive: boolean;
  /** The history version this socket last received (the history is resent only when it changes). */
  historySent: number;
}
type Reply = ServerMessage | undefined;

const PING_MS = 25_000;
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
    (server.options as { verifyClient?: unknown }).verifyClient = (info: { req: AuthedRequest }, done: (ok: boolean, code?: number, message?: string) => void) => {
      this.auth.check(info.req).then(
        (r) => ('user' in r ? ((info.req.pokerUser = r.user), done(true)) : done(false, r.status, r.message)),
        () => done(false, 500, 'Server error'),
      );
    };
    this.unsubscribe = this.tables.onChange((t) => this.broadcast(t));
    this.pinger = setInterval(() => this.ping(), PING_MS);
    this.pinger.unref();
  }

  handleConnection(socket: WebSocket, req: AuthedRequest): void {
    if (!req.pokerUser) return socket.close(4401, 'No session');
    this.clients.set(socket, { user: req.pokerUser, tableId: null, alive: true, historySent: -1 });
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

  /** Start receiving a table's views. */
  @SubscribeMessage('watch')
  watch(@ConnectedSocket() socket: WebSocket, @MessageBody() data: unknown): Reply {
    const client = this.clients.get(socket);
    const tableId = tableIdOf(data);
    if (!client) return undefined;
    if (!tableId || !this.tables.get(tableId)) return { event: 'error', data: { message: 'Unknown table' } };
    client.tableId = tableId;
    client.historySent = this.tables.get(tableId)!.historyVersion;
    return { event: 'table', data: this.poker.view(client.user, tableId) };
  }

  /** A move; answered with an ack (the new view arrives as a `table` message). */
  @SubscribeMessage('act')
  act(@ConnectedSocket() socket: WebSocket, @MessageBody() data: unknown): Reply {
    return this.run(socket, data, (user, tableId) => {
      const d = data as { action?: unknown; amount?: unknown };
      this.poker.act(user, tableId, toAction(d.action, d.amount));
    });
  }

  /** Back from sitting out. */
  @SubscribeMessage('sit-in')
  sitIn(@ConnectedSocket() socket: WebSocket, @MessageBody() data: unknown): Reply {
    return this.run(socket, data, (user, tableId) => void this.poker.sitIn(user, tableId));
  }

  private run(socket: WebSocket, data: unknown, fn: (user: SessionUser, tableId: string) => void): Reply {
    const client = this.clients.get(socket);
    const id = idOf(data);
    const tableId = tableIdOf(data);
    if (!client) return undefined;
    if (!tableId) return { event: 'ack', data: { id, ok: false, error: 'tableId is missing' } };
    try {
      assertCanWrite(client.user); // a watch-only session may watch a table, never act at one
      fn(client.user, tableId);
      return { event: 'ack', data: { id, ok: true } };
    } catch (e) {
      if (!(e instanceof DomainError)) this.logger.error({ msg: 'poker socket action failed', err: String(e) }, (e as Error)?.stack);
      return { event: 'ack', data: { id, ok: false, error: e instanceof DomainError ? e.message : 'Something went wrong on our side' } };
    }
  }

  private broadcast(table: TableRuntime): void {
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
