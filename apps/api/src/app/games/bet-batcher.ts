import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SettlementService } from '../settlement/settlement.service';
import type {
  BetToPlace,
  KeyedBet,
  PlacedBet,
  RoundAct,
  RoundActWritten,
  RoundOpening,
  RoundOpenWritten,
} from '../settlement/settlement.repository';
import type { GameWrite, GameWriteAnswer } from '../settlement/settlement-command';
import { ServerBusyError } from '../common/keyed-queue';
import { DomainError } from '../common/domain-error';
import { DatabaseUnavailableError } from '../database/database-unavailable';

/** Most bets waiting for a database call in one process; more answer 503 'Server busy, try again'. */
export const MAX_WAITING_BETS = 4096;

interface WaitingItem<I, O> {
  item: I;
  resolve(out: O): void;
  reject(error: unknown): void;
}

/**
 * One item's answer in a call of several: what it wrote, the refusal that left it unwritten, or
 * `alone` (nothing written; its entry alone must write it: a bet the play guards apply to).
 */
type LaneAnswer<O> = O | { refusal: Error } | { alone: true };

/** What `stats` counts. */
interface BatcherStats {
  calls: number;
  batches: number;
  bets: number;
  largest: number;
  fallbacks: number;
  actCalls: number;
  acts: number;
  actBatches: number;
  openCalls: number;
  opens: number;
  openBatches: number;
}

/**
 * A kind of write the queue carries (instant bets, round actions, round openings): its items wait
 * in their own queue and go together in one call of its `together` statement (one commit), or
 * alone in one of its `alone` statement. Every lane shares the call slots and the one fallback.
 */
interface Lane<I extends { userId: string }, O> {
  /** The statement of several, for the log. */
  name: 'place_bets' | 'round_acts' | 'round_opens';
  waiting: WaitingItem<I, O>[];
  /** When its first waiting item began to wait (a call counter), so no lane starves. */
  since: number;
  /** Its entries in `stats`: calls sent, items written, calls of several. */
  counts: { calls: keyof BatcherStats; items: keyof BatcherStats; batches: keyof BatcherStats };
  alone(item: I, ownConnection: boolean): Promise<O>;
  together(items: I[]): Promise<Array<LaneAnswer<O>>>;
}

/**
 * Group commit for every game write that settles in one statement: instant bets (place_bet(),
 * together place_bets()), round actions (a hi-lo guess or cash-out, a blackjack hit, stand, double
 * or split as games/round-runner.ts writes them: round_act(), together round_acts()) and round
 * openings (a hi-lo start, a blackjack deal, games/round-open.ts: round_open(), together
 * round_opens()). Each kind is a lane; at most `betBatchConcurrency` calls are in the database at
 * once, and the items that arrive meanwhile wait and go together (up to `betBatchMax`) in their
 * lane's next call, with one round trip and one commit for all of them. A call holds one lane, and
 * the slots go to whichever lane waited longest. Under light load every item goes alone at once,
 * so batching adds no delay: it only forms while the database is busy.
 *
 * Each item keeps its lone statement's answers, and a refusal (session, balance, a nonce that
 * moved, a round that moved, the play guards, an Idempotency-Key that already has a request) is
 * that item's alone, the same error as alone: nothing of it is written and the others go on. The
 * one fallback, for every lane: a call that fails in the database (any error PostgreSQL answers)
 * was rolled back whole, so each of its items is written again alone. A connection lost mid-call,
 * or a server that is going away or read-only (a failover), fails every item of the call with the
 * same DatabaseUnavailableError (503), as it would alone: the commit's fate may be unknown, so
 * nothing is written again, and a retry with the item's Idempotency-Key answers it if it committed
 * (committedUnder for a bet). A call takes each player's rows in the lone statement's order and the
 * players in id order, so it cannot deadlock with other calls.
 */
@Injectable()
export class BetBatcher {
  private readonly log = new Logger('BetBatcher');
  private readonly concurrency: number;
  private readonly maxBatch: number;
  private ticket = 0;
  private readonly bets: Lane<BetToPlace, PlacedBet>;
  private readonly acts: Lane<RoundAct, RoundActWritten>;
  private readonly opens: Lane<RoundOpening, RoundOpenWritten>;
  /** Every lane, in the order that breaks no tie (tickets are unique). */
  private readonly lanes: Array<Lane<{ userId: string }, unknown>>;
  private inFlight = 0;
  /**
   * For tests and the benchmark: per lane, the calls the queue sent (a batch, or an item that
   * waited alone), the items written and the calls of several (bets: `calls`, `bets`, `batches`;
   * round actions: `actCalls`, `acts`, `actBatches`; round openings: `openCalls`, `opens`,
   * `openBatches`); the largest call of any lane, and calls written again item by item.
   */
  readonly stats: BatcherStats = {
    calls: 0,
    batches: 0,
    bets: 0,
    largest: 0,
    fallbacks: 0,
    actCalls: 0,
    acts: 0,
    actBatches: 0,
    openCalls: 0,
    opens: 0,
    openBatches: 0,
  };

  constructor(
    private readonly settlement: SettlementService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'betBatchConcurrency' | 'betBatchMax'>,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.concurrency = config.betBatchConcurrency;
    // the default, 64, is as many as usually wait (the bench's 64 connections), so an item rarely
    // waits a second round; a call of 64 holds its rows for a few milliseconds
    this.maxBatch = config.betBatchMax;
    this.bets = {
      name: 'place_bets',
      waiting: [],
      since: 0,
      counts: { calls: 'calls', items: 'bets', batches: 'batches' },
      alone: (bet, own) => this.settlement.commit({ kind: 'bet', bet }, { ownConnection: own }),
      together: (bets) => this.settlement.commitTogether(bets.map((bet) => ({ kind: 'bet' as const, bet }))),
    };
    this.acts = {
      name: 'round_acts',
      waiting: [],
      since: 0,
      counts: { calls: 'actCalls', items: 'acts', batches: 'actBatches' },
      alone: (act, own) => this.settlement.commit({ kind: 'act', act }, { ownConnection: own }),
      together: (acts) => this.settlement.commitTogether(acts.map((act) => ({ kind: 'act' as const, act }))),
    };
    this.opens = {
      name: 'round_opens',
      waiting: [],
      since: 0,
      counts: { calls: 'openCalls', items: 'opens', batches: 'openBatches' },
      alone: (opening, own) => this.settlement.commit({ kind: 'open', opening }, { ownConnection: own }),
      together: (openings) =>
        this.settlement.commitTogether(openings.map((opening) => ({ kind: 'open' as const, opening }))),
    };
    this.lanes = [this.bets, this.acts, this.opens] as Array<Lane<{ userId: string }, unknown>>;
  }

  private get waitingCount(): number {
    return this.lanes.reduce((n, lane) => n + lane.waiting.length, 0);
  }

  /**
   * Writes one game write (settlement-command.ts) with the others of its kind waiting for the next
   * call: one place_bets(), round_acts() or round_opens() call and one commit for all of them; or at
   * once and alone when `alone` (a bet retried after a moved nonce goes first, or it would race the
   * other instance's next bet again). Rejects with the error its lone statement would raise
   * (NonceMovedError, RoundMovedError, RoundOpenError, the guards'; nothing of it was written).
   */
  commit<W extends GameWrite>(w: W, alone = false): Promise<GameWriteAnswer<W>> {
    switch (w.kind) {
      case 'bet':
        // the play guards always apply to AMINA (place_bets() would hand it back); with batches of
        // one, the pool alone limits how many bets are in the database
        return this.enqueue(this.bets, w.bet, alone || w.bet.currency === 'AMINA' || this.maxBatch === 1) as Promise<
          GameWriteAnswer<W>
        >;
      case 'act':
        return this.enqueue(this.acts, w.act, alone) as Promise<GameWriteAnswer<W>>;
      case 'open':
        return this.enqueue(this.opens, w.opening, alone) as Promise<GameWriteAnswer<W>>;
    }
  }

  /** `item` into its lane's queue, or (`alone`) written at once alone on the pool, outside the call slots. */
  private enqueue<I extends { userId: string }, O>(lane: Lane<I, O>, item: I, alone = false): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const w = { item, resolve, reject };
      if (alone) {
        this.stats[lane.counts.items]++;
        void this.writeAlone(lane, w);
        return;
      }
      // a backlog this deep will not clear in time anyway: refuse rather than grow without bound
      if (this.waitingCount >= MAX_WAITING_BETS) return reject(new ServerBusyError());
      if (lane.waiting.length === 0) lane.since = this.ticket++;
      lane.waiting.push(w);
      this.pump();
    });
  }

  /** The lane whose first item waited longest, among those with items waiting. */
  private nextLane(): Lane<{ userId: string }, unknown> | null {
    let next: Lane<{ userId: string }, unknown> | null = null;
    for (const lane of this.lanes)
      if (lane.waiting.length > 0 && (next === null || lane.since < next.since)) next = lane;
    return next;
  }

  private pump(): void {
    for (let lane = this.nextLane(); lane && this.inFlight < this.concurrency; lane = this.nextLane()) {
      this.inFlight++;
      let ended = false;
      // the call is out of the database: the next one starts, before this one's answers are
      // written, so PostgreSQL works on it while Node writes the answers
      const end = () => {
        if (ended) return;
        ended = true;
        this.inFlight--;
        this.pump();
      };
      const batch = this.take(lane.waiting);
      lane.waiting = lane.waiting.slice(batch.length);
      lane.since = this.ticket++;
      this.metrics?.batchSize.observe(batch.length);
      this.send(lane, batch, end)
        // whatever went wrong, no item is left waiting (settling a settled promise does nothing)
        .catch((e: unknown) => batch.forEach((w) => w.reject(e)))
        .finally(end);
    }
  }

  /** The next call's share of a queue: up to betBatchMax from its head. */
  private take<T>(queue: T[]): T[] {
    return queue.length <= this.maxBatch ? queue : queue.slice(0, this.maxBatch);
  }

  /**
   * One call of a lane: its lone statement for one item, together for several, players in id
   * order (one lock order for every call: two calls, or two API instances, never wait on each
   * other in a cycle). A call PostgreSQL refused was rolled back whole: each item then goes alone,
   * where its own checks decide. A connection lost mid-call fails every item of it (503; a retry
   * with its Idempotency-Key answers it if it committed).
   */
  private async send<I extends { userId: string }, O>(
    lane: Lane<I, O>,
    batch: WaitingItem<I, O>[],
    end: () => void,
  ): Promise<void> {
    this.stats[lane.counts.calls]++;
    this.stats[lane.counts.items] += batch.length;
    if (batch.length > this.stats.largest) this.stats.largest = batch.length;
    if (batch.length === 1) return this.writeAlone(lane, batch[0], end);
    this.stats[lane.counts.batches]++;
    batch.sort((a, b) => compareIds(a.item.userId, b.item.userId));
    let answers: Array<LaneAnswer<O>>;
    try {
      answers = await lane.together(batch.map((w) => w.item));
    } catch (e) {
      end();
      if (!answeredByServer(e)) {
        for (const w of batch) w.reject(e);
        return;
      }
      this.stats.fallbacks++;
      this.log.warn(`${lane.name} failed (${(e as Error).message}); writing each of its items alone`);
      await Promise.all(batch.map((w) => this.writeAlone(lane, w)));
      return;
    }
    end();
    // committed: each item its own answer; one handed back is written alone (it is never written twice)
    const alone: Promise<void>[] = [];
    batch.forEach((w, i) => {
      const a = answers[i] as object;
      if ('refusal' in a) w.reject((a as { refusal: Error }).refusal);
      else if ('alone' in a) alone.push(this.writeAlone(lane, w));
      else w.resolve(a as O);
    });
    await Promise.all(alone);
  }

  /**
   * The bet a keyed call committed under `key`: a retry with the key answers it instead of playing
   * again (no answer is stored for a game's bet: common/idempotency-claim.ts, record).
   */
  committedUnder(userId: string, key: string, hash: string): Promise<KeyedBet | null> {
    return this.settlement.betUnderKey(userId, key, hash);
  }

  /**
   * A lane's lone statement for one item: in one of the queue's call slots (`end` given) on the
   * bets' own connections, else (AMINA, a retry, a call written again item by item, a bet handed
   * back) on the pool like any statement, so it never waits behind the queue's calls for one of
   * those few connections.
   */
  private async writeAlone<I extends { userId: string }, O>(
    lane: Lane<I, O>,
    w: WaitingItem<I, O>,
    end?: () => void,
  ): Promise<void> {
    let out: O;
    try {
      out = await lane.alone(w.item, end !== undefined);
    } catch (e) {
      end?.();
      w.reject(e);
      return;
    }
    end?.();
    w.resolve(out);
  }
}

/** Orders decimal ids numerically. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * PostgreSQL answered with an error (it has a SQLSTATE and a severity, or the data layer already
 * turned its refusal into a domain error): a single statement that fails is rolled back whole. A
 * broken connection has neither, and the commit's fate is unknown.
 */
export function answeredByServer(e: unknown): boolean {
  // a broken connection (translated by the data layer), or a server going away: the commit's fate is unknown
  if (e instanceof DatabaseUnavailableError) return false;
  if (e instanceof DomainError) return true;
  const { code, severity } = (e ?? {}) as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}
