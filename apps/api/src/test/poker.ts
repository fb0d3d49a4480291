import { Test } from '@nestjs/testing';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import WebSocket from 'ws';
import type { ServerMessage, TableView } from '@cosmic/poker';
import { AppModule } from '../app/app.module';
import { configureApp } from '../app/configure-app';
import { createRootLogger, nestLogger } from '../app/logging/logger';
import { DEFAULT_POKER_OPTIONS, POKER_OPTIONS, type PokerOptions } from '../app/poker/poker.options';
import { Client } from 'pg';
import { intAppConfig, intDatabaseUrl, watchAppAnswers } from './int-app';

/** Fast poker timings for tests: instant bots, short pauses (override per test). */
export const FAST_POKER: PokerOptions = {
  ...DEFAULT_POKER_OPTIONS,
  turnMs: 5_000,
  botDelayMs: 0,
  betweenHandsMs: 60_000,
  firstHandDelayMs: 30,
  botSamples: 20,
};

/**
 * Empties the poker floor of the run's shared database: seats and table leases left by suites
 * that ran before (any API instance now takes the tables over and seats their players again).
 * Chips of those test players are dropped; call it before a poker suite's first app starts.
 */
export async function clearPokerFloor(): Promise<void> {
  const db = new Client({ connectionString: intDatabaseUrl() });
  await db.connect();
  try {
    await db.query('DELETE FROM poker_seats');
    await db.query('DELETE FROM poker_table_leases');
  } finally {
    await db.end();
  }
}

/**
 * The real API with the given poker options, listening on a free port (the sockets need one).
 * Each call is its own API instance (its own PokerTables.instanceId) on the run's one database:
 * the first one up runs the tables, later ones forward to it and relay it, as in production.
 */
export async function createPokerApp(
  options: Partial<PokerOptions> = {},
): Promise<{ app: NestFastifyApplication; url: string }> {
  const full = intAppConfig();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(full)] })
    .overrideProvider(POKER_OPTIONS)
    .useValue({ ...FAST_POKER, ...options })
    .setLogger(nestLogger(createRootLogger({ level: 'error' })))
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
  app.useWebSocketAdapter(new WsAdapter(app));
  watchAppAnswers(app);
  await configureApp(app, full);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** A table socket for tests: the views it received and helpers to wait for one and to act. */
export interface TableSocket {
  ws: WebSocket;
  views: TableView[];
  last(): TableView;
  /** Resolves with the first view (already received or coming) that satisfies `pred`. */
  until(pred: (v: TableView) => boolean, timeoutMs?: number): Promise<TableView>;
  /** Sends an action and resolves with the server's ack. */
  act(tableId: string, action: string, amount?: number): Promise<{ ok: boolean; error?: string }>;
  close(): void;
}

/** Opens the table socket with a session cookie and starts watching `tableId`. */
export async function openTable(url: string, cookie: string, tableId: string): Promise<TableSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/poker/ws`, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  const views: TableView[] = [];
  const waiters: Array<() => void> = [];
  const acks = new Map<number, (r: { ok: boolean; error?: string }) => void>();
  let nextId = 1;
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw)) as ServerMessage;
    if (msg.event === 'table') views.push(msg.data);
    if (msg.event === 'ack' && msg.data.id !== null)
      acks.get(msg.data.id)?.(msg.data.ok ? { ok: true } : { ok: false, error: msg.data.error });
    for (const w of waiters.splice(0)) w();
  });
  const socket: TableSocket = {
    ws,
    views,
    last: () => views[views.length - 1],
    until: (pred, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        let seen = Math.max(0, views.length - 1); // the current view, then whatever comes next
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching table view within ${timeoutMs} ms; last: ${JSON.stringify(views[views.length - 1]?.hand?.events?.slice(-3))}`,
              ),
            ),
          timeoutMs,
        );
        const check = () => {
          for (; seen < views.length; seen++) {
            if (pred(views[seen])) {
              clearTimeout(timer);
              return resolve(views[seen]);
            }
          }
          waiters.push(check);
        };
        check();
      }),
    act: (tableId, action, amount) =>
      new Promise((resolve) => {
        const id = nextId++;
        acks.set(id, resolve);
        ws.send(JSON.stringify({ event: 'act', data: { tableId, action, amount, id } }));
      }),
    close: () => ws.close(),
  };
  ws.send(JSON.stringify({ event: 'watch', data: { tableId } }));
  await socket.until(() => true);
  return socket;
}

/** Whose turn it is in a view (null between hands). */
export const toAct = (v: TableView): number | null => (v.hand && !v.hand.finished ? v.hand.toAct : null);
