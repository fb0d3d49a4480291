import type { LiveBet, LiveReveal, LiveTab } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN, blackjackActions, type PlayedHands } from '@cosmic/game-engine';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { BetsRepository, type LiveBetRow } from '../bets/bets.repository';
import { isMine, publicBetFields } from '../bets/public-bet';

/** Rows the feed keeps and the first answer holds. */
export const LIVE_ROWS = 20;
/** How often one poller per API instance reads newly committed bets (so at most ~3 updates a second per client). */
export const POLL_MS = 300;
/** Base units of a high roller's bet: 100 HC or 1 AMINA. */
export const HIGH_ROLLER_UNITS = { HC: 100n * BASE_UNITS_PER_COIN, AMINA: BASE_UNITS_PER_COIN } as const;

// ids are taken before commit: a bet with a lower id may commit after a higher one was read, so
// each poll looks this many ids back and skips those already sent
const LOOK_BACK = 200;
const BATCH = 200;
// revealed_at is the rotating transaction's start: a reveal may commit after a later one was read,
// so each poll looks this far back and skips the seeds already sent
const REVEAL_LOOK_BACK_MS = 10_000;

/** One settled bet as the feed shows it (a username, never an address): the contract the web reads. */
export type LiveBetDto = LiveBet;

/** A client of the stream: its session's user (if any), and where its batches go. */
export interface LiveSubscriber {
  userId: string | null;
  send(rows: LiveBetDto[]): void;
  /** Server seeds just revealed: the rows of their pairs become verifiable. */
  reveal(seeds: LiveReveal[]): void;
  /** Ends the stream (the API is draining). */
  close(): void;
}

/** The verifier's parameters of a row: a blackjack hand's actions are read back from its hands (the row keeps no list of them). */
function verifyParams(game: string, params: Record<string, unknown>): Record<string, unknown> {
  if (game !== 'blackjack') return params;
  const { hands, dealer, ...rest } = params;
  return Array.isArray(hands) && Array.isArray(dealer)
    ? { ...rest, actions: blackjackActions({ hands, dealer } as PlayedHands) }
    : rest;
}

/** Reads the DTO for one subscriber (its own bets marked). */
function toDto(r: LiveBetRow, userId: string | null): LiveBetDto {
  const amount = BigInt(r.amount);
  return {
    ...publicBetFields(r, amount),
    highRoller: amount >= HIGH_ROLLER_UNITS[r.currency],
    mine: isMine(r, userId),
    verify: {
      nonce: Number(r.nonce),
      clientSeed: r.client_seed,
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.server_seed,
      params: verifyParams(r.game, r.params),
    },
  };
}

/**
 * The live bets feed, fed from committed bets only: one poller per API instance (started with its
 * first subscriber, stopped with its last) reads `bets` by id every POLL_MS and hands each batch to
 * every subscriber, so each instance delivers every bet whichever instance settled it.
 */
@Injectable()
export class LiveBetsService implements OnModuleDestroy {
  private readonly log = new Logger(LiveBetsService.name);
  private readonly subscribers = new Set<LiveSubscriber>();
  private timer: NodeJS.Timeout | null = null;
  private lastId: bigint | null = null;
  private readonly seen = new Set<string>();
  /** Where the reveal poll reads from (the database's clock), and the reveals already sent by hash. */
  private revealFrom: Date | null = null;
  private readonly revealsSent = new Map<string, number>();
  /** Subscribers not yet sent the latest rows. */
  private readonly joining = new Set<LiveSubscriber>();
  private polling = false;

  constructor(private readonly bets: BetsRepository) {}

  /** The latest LIVE_ROWS bets of a tab (all by default), newest first; 'mine' needs the session's user. */
  async latest(tab: LiveTab | undefined, userId: string | null): Promise<LiveBetDto[]> {
    const t = tab ?? 'all';
    if (t === 'mine' && userId === null) return [];
    const rows = await this.bets.liveLatest(
      LIVE_ROWS,
      t === 'high' ? { highRoller: HIGH_ROLLER_UNITS } : t === 'mine' ? { userId: userId as string } : null,
    );
    return rows.map((r) => toDto(r, userId));
  }

  /** Adds a stream client; the returned function removes it. */
  subscribe(sub: LiveSubscriber): () => void {
    this.subscribers.add(sub);
    this.joining.add(sub);
    if (!this.timer) this.timer = setInterval(() => void this.poll(), POLL_MS);
    return () => {
      this.subscribers.delete(sub);
      this.joining.delete(sub);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** Ends every stream (the API is draining): the clients reconnect to another instance. */
  closeAll(): void {
    for (const s of [...this.subscribers]) s.close();
    this.subscribers.clear();
    this.joining.clear();
    this.stop();
  }

  get clients(): number {
    return this.subscribers.size;
  }

  onModuleDestroy(): void {
    this.closeAll();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.lastId = null;
    this.seen.clear();
    this.revealFrom = null;
    this.revealsSent.clear();
  }

  /** One read of newly committed bets, handed to every subscriber (public for tests). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const first = this.lastId === null;
      if (first) {
        const { max, now } = await this.bets.head();
        this.lastId = BigInt(max ?? '0');
        this.revealFrom = now;
      }
      const last = this.lastId as bigint;
      const floor = last > BigInt(LOOK_BACK) ? last - BigInt(LOOK_BACK) : 0n;
      const rows = await this.bets.liveAfter(floor, BATCH + LOOK_BACK);
      const fresh = rows.filter((r) => !this.seen.has(String(r.id)));
      let top = last;
      for (const r of fresh) {
        this.seen.add(String(r.id));
        if (BigInt(r.id) > top) top = BigInt(r.id);
      }
      this.lastId = top;
      for (const id of this.seen) if (BigInt(id) <= top - BigInt(LOOK_BACK)) this.seen.delete(id);
      // the bets already there when the poller started are history (GET /api/live-bets), not news
      if (!first && fresh.length > 0) {
        // newest first, at most the rows a client keeps
        const batch = fresh.slice(-LIVE_ROWS).reverse();
        for (const s of this.subscribers) if (!this.joining.has(s)) s.send(batch.map((r) => toDto(r, s.userId)));
      }
      await this.pollReveals();
      if (this.joining.size > 0) await this.greet();
    } catch (e) {
      this.log.warn({ msg: 'live bets poll failed', error: (e as Error).message });
    } finally {
      this.polling = false;
    }
  }

  /**
   * Server seeds revealed since the last read (a rotation on any instance), sent to every
   * subscriber as a `revealed` event: rows of those pairs gain their verify link without a reload.
   * A revealed seed is public (every row of its pair shows it), so every client gets it.
   */
  private async pollReveals(): Promise<void> {
    const from = this.revealFrom as Date;
    const rows = await this.bets.revealedSince(new Date(from.getTime() - REVEAL_LOOK_BACK_MS), BATCH);
    const fresh = rows.filter((r) => !this.revealsSent.has(r.server_seed_hash));
    let top = from;
    for (const r of rows) if (r.revealed_at > top) top = r.revealed_at;
    this.revealFrom = top;
    for (const r of fresh) this.revealsSent.set(r.server_seed_hash, r.revealed_at.getTime());
    for (const [hash, at] of this.revealsSent)
      if (at < top.getTime() - REVEAL_LOOK_BACK_MS) this.revealsSent.delete(hash);
    if (fresh.length === 0) return;
    const seeds: LiveReveal[] = fresh.map((r) => ({ serverSeedHash: r.server_seed_hash, serverSeed: r.server_seed }));
    for (const s of this.subscribers) s.reveal(seeds);
  }

  /**
   * A new subscriber's first event: the latest LIVE_ROWS bets, read after this poll's read, so the
   * bets committed between the client's GET /api/live-bets and its stream are not lost.
   */
  private async greet(): Promise<void> {
    const joining = [...this.joining];
    this.joining.clear();
    const rows = await this.bets.liveLatest(LIVE_ROWS);
    for (const s of joining) if (this.subscribers.has(s)) s.send(rows.map((r) => toDto(r, s.userId)));
  }
}
