import type { ServerMessage, TableView } from '@cosmic/poker';

/** Where the table server listens (same origin as the page). */
export const POKER_WS_PATH = '/api/poker/ws';

/** The socket's state, for the "reconnecting…" notice. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

/** The server's answer to a move. */
export interface Ack {
  ok: boolean;
  error?: string;
}

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

/**
 * One table's live connection over the browser's native WebSocket: watches the table, pushes
 * every view the server sends, sends moves and resolves their acks, and reconnects with
 * backoff until disposed (the session cookie authenticates the upgrade).
 */
export class TableSocket {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private nextId = 1;
  private readonly pending = new Map<number, (ack: Ack) => void>();
  private disposed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly tableId: string,
    private readonly onView: (view: TableView) => void,
    private readonly onStatus: (status: SocketStatus) => void,
    private readonly url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${POKER_WS_PATH}`,
  ) {
    this.connect();
  }

  /** True while moves can be sent. */
  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Sends a move; resolves with the server's ack. */
  send(event: 'act' | 'sit-in', data: { action?: string; amount?: number } = {}): Promise<Ack> {
    if (!this.open) return Promise.resolve({ ok: false, error: 'Not connected to the table: reconnecting…' });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws!.send(JSON.stringify({ event, data: { ...data, tableId: this.tableId, id } }));
    });
  }

  dispose(): void {
    this.disposed = true;
    if (this.retry) clearTimeout(this.retry);
    this.ws?.close();
    this.failPending();
  }

  private connect(): void {
    this.onStatus('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.onStatus('open');
      ws.send(JSON.stringify({ event: 'watch', data: { tableId: this.tableId } }));
    };
    ws.onmessage = (e) => this.receive(String(e.data));
    ws.onclose = () => {
      this.failPending();
      if (this.disposed) return;
      this.onStatus('closed');
      const wait = BACKOFF_MS[Math.min(this.attempts++, BACKOFF_MS.length - 1)];
      this.retry = setTimeout(() => this.connect(), wait);
    };
  }

  private receive(raw: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (msg.event === 'table') this.onView(msg.data);
    else if (msg.event === 'ack' && msg.data.id !== null) {
      this.pending.get(msg.data.id)?.({ ok: msg.data.ok, error: msg.data.error });
      this.pending.delete(msg.data.id);
    }
  }

  private failPending(): void {
    for (const resolve of this.pending.values()) resolve({ ok: false, error: 'The connection to the table was lost' });
    this.pending.clear();
  }
}
