import { api } from './api';

import type { LiveBet, LiveReveal, LiveTab } from '@cosmic/contracts';
import { betSeedTag } from './bet-details.api';

export type { LiveBet, LiveReveal, LiveTab };

/** Rows the feed keeps. */
export const LIVE_ROWS = 20;
/** The stream's address (same origin: CSP connect-src 'self'). */
export const LIVE_STREAM_URL = '/api/live-bets/stream';
/** Wait before reopening a stream the server ended or refused. */
export const LIVE_RETRY_MS = 2000;

/** Whether a bet belongs in a tab. */
export function matchesTab(bet: LiveBet, tab: LiveTab): boolean {
  return tab === 'all' || (tab === 'high' ? bet.highRoller : bet.mine);
}

const newestFirst = (a: LiveBet, b: LiveBet) =>
  BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0;

/** The tab's rows after a batch arrives: the tab's bets only, each id once (the newer copy), newest first, at most LIVE_ROWS. */
export function mergeLiveBets(current: readonly LiveBet[], incoming: readonly LiveBet[], tab: LiveTab): LiveBet[] {
  const byId = new Map<string, LiveBet>();
  for (const b of [...incoming, ...current]) if (matchesTab(b, tab) && !byId.has(b.id)) byId.set(b.id, b);
  return [...byId.values()].sort(newestFirst).slice(0, LIVE_ROWS);
}

/** The rows after server seeds were revealed: each row of a revealed pair carries its seed (so its verify link shows); the rest are kept as they are. */
export function revealLiveBets(current: readonly LiveBet[], seeds: readonly LiveReveal[]): LiveBet[] {
  const byHash = new Map(seeds.map((s) => [s.serverSeedHash, s.serverSeed]));
  return current.map((b) => {
    const seed = b.verify.serverSeed ? undefined : byHash.get(b.verify.serverSeedHash);
    return seed ? { ...b, verify: { ...b.verify, serverSeed: seed } } : b;
  });
}

interface Listener {
  rows(rows: LiveBet[]): void;
  revealed(seeds: LiveReveal[]): void;
}

/**
 * One EventSource per page, shared by every feed on it: opened with the first listener, closed
 * with the last, closed while the tab is hidden (`onResume` tells listeners to catch up when it
 * shows again), and reopened after LIVE_RETRY_MS when the server ends or refuses it (a draining API
 * answers 503, which EventSource does not retry by itself).
 */
class LiveStream {
  private readonly listeners = new Set<Listener>();
  private readonly resumers = new Set<() => void>();
  private source: EventSource | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;

  subscribe(listener: Listener, onResume: () => void): () => void {
    this.listeners.add(listener);
    this.resumers.add(onResume);
    if (this.listeners.size === 1) {
      document.addEventListener('visibilitychange', this.onVisibility);
      this.open();
    }
    return () => {
      this.listeners.delete(listener);
      this.resumers.delete(onResume);
      if (this.listeners.size === 0) {
        document.removeEventListener('visibilitychange', this.onVisibility);
        this.close();
      }
    };
  }

  private open(): void {
    if (this.source || document.visibilityState === 'hidden' || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_STREAM_URL, { withCredentials: true });
    source.addEventListener('bets', (e) => {
      const rows = JSON.parse((e as MessageEvent<string>).data) as LiveBet[];
      for (const l of this.listeners) l.rows(rows);
    });
    source.addEventListener('revealed', (e) => {
      const seeds = JSON.parse((e as MessageEvent<string>).data) as LiveReveal[];
      for (const l of this.listeners) l.revealed(seeds);
    });
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return; // EventSource reconnects by itself
      this.close();
      this.retry = setTimeout(() => {
        this.retry = null;
        this.open();
        for (const r of this.resumers) r();
      }, LIVE_RETRY_MS);
    };
    this.source = source;
  }

  private close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.source?.close();
    this.source = null;
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') return this.close();
    if (this.source || this.retry) return;
    this.open();
    for (const r of this.resumers) r();
  };
}

const stream = new LiveStream();

const liveBetsApi = api.injectEndpoints({
  endpoints: (b) => ({
    liveBets: b.query<LiveBet[], LiveTab>({
      query: (tab) => ({ url: 'live-bets', params: { tab } }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(tab, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // the entry went before its first answer
        }
        const unsubscribe = stream.subscribe(
          {
            rows: (rows) => updateCachedData((current) => mergeLiveBets(current, rows, tab)),
            revealed: (seeds) => {
              updateCachedData((current) => revealLiveBets(current, seeds));
              // an open bet details dialog of those pairs reads its bet again, seed included
              dispatch(api.util.invalidateTags(seeds.map((s) => betSeedTag(s.serverSeedHash))));
            },
          },
          // bets committed while the stream was closed: read the tab's latest again
          () => void dispatch(liveBetsApi.endpoints.liveBets.initiate(tab, { subscribe: false, forceRefetch: true })),
        );
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
  }),
});

/** Query: GET /api/live-bets?tab= → the tab's latest 20 bets, then kept live from the server-sent stream (new bets, and seeds revealed by a rotation). */
export const useLiveBetsQuery = liveBetsApi.useLiveBetsQuery;
