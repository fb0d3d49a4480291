/** @jest-environment node */
import type { LiveBet } from '@cosmic/contracts';
import { api } from './api';
import { LIVE_STREAM_URL } from './live-bets';
import { createStore } from './store';
import { resolveRequestsAgainstPage } from '../testing/page-requests';

// The live feed's cache entry as the stream drives it, in a real store: the stream opens with an
// empty batch (apps/api's live-bets stream sends `bets: []` first) and a rotation reveals seeds of
// pairs the feed may not show; neither may change the store (no patch, no re-render).

/** An EventSource the test speaks for. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly handlers = new Map<string, (e: { data: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, handler: (e: { data: string }) => void) {
    this.handlers.set(type, handler);
  }
  emit(type: string, data: unknown) {
    const handler = this.handlers.get(type);
    if (!handler) throw new Error(`nobody listens to '${type}'`);
    handler({ data: JSON.stringify(data) });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const HASH = 'ab'.repeat(32);
const bet = (id: number, serverSeedHash = HASH): LiveBet =>
  ({
    id: String(id),
    game: 'dice',
    username: 'nova',
    amount: '100000000',
    multiplier: '2',
    payout: '200000000',
    currency: 'HC',
    createdAt: '2026-12-01T00:00:00.000Z',
    highRoller: false,
    mine: false,
    verify: { serverSeedHash, clientSeed: 'c', nonce: id, serverSeed: null },
  }) as unknown as LiveBet;

type Sub = { unsubscribe(): void };
type Endpoint = {
  initiate(tab: string): (...a: unknown[]) => Sub;
  select(tab: string): (state: unknown) => { data?: LiveBet[] };
};
const endpoint = () => (api.endpoints as unknown as { liveBets: Endpoint }).liveBets;

describe('the live feed from its stream', () => {
  resolveRequestsAgainstPage();
  beforeAll(() => {
    Object.assign(globalThis, {
      EventSource: FakeEventSource,
      document: { visibilityState: 'visible', addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  });
  afterAll(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    delete (globalThis as { document?: unknown }).document;
  });

  it('an empty batch and an unrelated reveal leave the store as it was; a bet and its reveal change it', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify([bet(2), bet(1)]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const store = createStore();
    const sub = store.dispatch(endpoint().initiate('all') as never) as unknown as Sub;
    const rows = () => endpoint().select('all')(store.getState()).data;
    for (let i = 0; i < 100 && FakeEventSource.all.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(FakeEventSource.all.map((s) => s.url)).toEqual([LIVE_STREAM_URL]);
    const [source] = FakeEventSource.all;
    expect(rows()?.map((b) => b.id)).toEqual(['2', '1']);

    const before = store.getState();
    source.emit('bets', []);
    source.emit('revealed', [{ serverSeedHash: 'ef'.repeat(32), serverSeed: 'cd'.repeat(32) }]);
    expect(store.getState()).toBe(before);

    source.emit('bets', [bet(3)]);
    expect(rows()?.map((b) => b.id)).toEqual(['3', '2', '1']);
    source.emit('revealed', [{ serverSeedHash: HASH, serverSeed: 'cd'.repeat(32) }]);
    expect(rows()?.map((b) => b.verify.serverSeed)).toEqual(['cd'.repeat(32), 'cd'.repeat(32), 'cd'.repeat(32)]);
    // the entry goes (keepUnusedDataFor 0) and closes the stream, before the globals go
    sub.unsubscribe();
    for (let i = 0; i < 100 && source.readyState !== FakeEventSource.CLOSED; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
