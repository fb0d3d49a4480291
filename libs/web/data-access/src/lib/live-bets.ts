import { api } from './api';

import type { LiveBet, LiveReveal, LiveTab } from '@cosmic/contracts';
import { betSeedTag } from './bet-details.api';

export type { LiveBet, LiveReveal, LiveTab };

/** Rows the feed keeps. */
export const LIVE_ROWS = 20;
/** The stream's address (same origin: CSP connect-src 'self'). */
export const LIVE_STREAM_URL = '/api/live-bets/stream';
/** Wait before reopening a stream the server ended or refused, the first time. */
export const LIVE_RETRY_MS = 2000;
/** The longest wait between reopenings (the server caps streams: 429 per address, 503 in all). */
export const LIVE_RETRY_MAX_MS = 60_000;

/**
 * The wait before the next reopening after `failures` refusals in a row: doubling from
 * LIVE_RETRY_MS up to LIVE_RETRY_MAX_MS, each a random 50–100% of that (`random` in [0, 1)), so
 * pages refused together do not come back together.
 */
export function liveRetryDelay(failures: number, random: number): number {
  const ceiling = Math.min(LIVE_RETRY_MS * 2 ** Math.max(0, failures - 1), LIVE_RETRY_MAX_MS);
  return Math.round(ceiling * (0.5 + random / 2));
}

/** Whether a bet belongs in a tab. */
export function matchesTab(bet: LiveBet, tab: LiveTab): boolean {
  return tab === 'all' || (tab === 'high' ? bet.highRoller : bet.mine);
}

const newestFirst = (a: LiveBet, b: LiveBet) =>
  BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0;

/**
 * The tab's rows after a batch arrives: the tab's bets only, each id once (the newer copy), newest
 * first, at most LIVE_ROWS. A batch with nothing for the tab gives back `current` itself: the cache
 * entry is not patched and the feed does not render again (the stream opens with an empty batch).
 */
export function mergeLiveBets<T extends readonly LiveBet[]>(
  current: T,
  incoming: readonly LiveBet[],
  tab: LiveTab,
): T | LiveBet[] {
  if (!incoming.some((b) => matchesTab(b, tab))) return current;
  const byId = new Map<string, LiveBet>();
  for (const b of [...incoming, ...current]) if (matchesTab(b, tab) && !byId.has(b.id)) byId.set(b.id, b);
  return [...byId.values()].sort(newestFirst).slice(0, LIVE_ROWS);
}

/**
 * The rows after server seeds were revealed: each row of a revealed pair carries its seed (so its
 * verify link shows); the rest are kept as they are. No row of those pairs: `current` itself.
 */
export function revealLiveBets<T extends readonly LiveBet[]>(current: T, seeds: readonly LiveReveal[]): T | LiveBet[] {
  const byHash = new Map(seeds.map((s) => [s.serverSeedHash, s.serverSeed]));
  const sealed = (b: LiveBet) => (b.verify.serverSeed ? undefined : byHash.get(b.verify.serverSeedHash));
  if (!current.some(sealed)) return current;
  return current.map((b) => {
    const seed = sealed(b);
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
 * shows again), and reopened when the server ends or refuses it (a draining or full API answers
 * 503 and a busy address 429, which EventSource does not retry by itself), waiting longer after
 * each refusal in a row (liveRetryDelay) until a stream opens again.
 */
class LiveStream {
  private readonly listeners = new Set<Listener>();
  private readonly resumers = new Set<() => void>();
  private source: EventSource | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** Refusals since a stream last opened. */
  private failures = 0;

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
    source.onopen = () => {
      this.failures = 0;
    };
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return; // EventSource reconnects by itself
      this.close();
      this.failures++;
      this.retry = setTimeout(
        () => {
          this.retry = null;
          this.open();
          for (const r of this.resumers) r();
        },
        liveRetryDelay(this.failures, Math.random()),
      );
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
