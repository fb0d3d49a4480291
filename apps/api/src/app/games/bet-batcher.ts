import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SettlementService } from '../settlement/settlement.service';
import type { BetToPlace } from '../settlement/settlement.repository';
import { ServerBusyError } from '../common/keyed-queue';
import { DomainError } from '../common/domain-error';
import { InsufficientBalanceError, NonceMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { KeyTakenError } from '../common/idempotency-claim';

/** A committed bet. */
export interface PlacedBet {
  betId: string;
  balance: bigint;
}

/** Most bets waiting for a database call in one process; more answer 503 'Server busy, try again'. */
export const MAX_WAITING_BETS = 4096;

interface Waiting {
  bet: BetToPlace;
  resolve(placed: PlacedBet): void;
  reject(error: unknown): void;
}

const SETTLED = '0';
const GUARDED = '1'; // the play guards apply: place_bet() runs them

/**
 * Group commit for instant bets. At most `betBatchConcurrency` calls are in the database at once;
 * the bets that arrive meanwhile wait and go together (up to `betBatchMax`) in the next call,
 * place_bets(), with one round trip and one commit for all of them. Under light load every bet
 * goes alone at once (place_bet()), so batching adds no delay: it only forms while the database
 * is busy.
 *
 * Each bet keeps place_bet()'s answers, and a refusal (session, balance, a nonce that moved, an
 * Idempotency-Key that already has a request) is that bet's alone, the same error as alone
 * (SessionEndedError, InsufficientBalanceError, NonceMovedError, KeyTakenError): nothing of it is
 * written and the others go on. A call that fails in the
 * database (any error PostgreSQL answers) was rolled back whole, so each of its bets is sent again
 * alone. A connection lost mid-call fails its bets, as it would alone: the commit's fate is
 * unknown, so nothing is retried. A call takes each player's rows in place_bet()'s order (seed
 * pair, then balance) and the players in id order, so it cannot deadlock with other bets.
 */
@Injectable()
export class BetBatcher {
  private readonly log = new Logger('BetBatcher');
  private readonly concurrency: number;
  private readonly maxBatch: number;
  private waiting: Waiting[] = [];
  private inFlight = 0;
  /**
   * For tests and the benchmark: calls the queue sent (a batch, or a bet that waited alone), those
   * of several bets, all bets placed, the largest batch, and batches placed again bet by bet.
   */
  readonly stats = { calls: 0, batches: 0, bets: 0, largest: 0, fallbacks: 0 };

  constructor(
    private readonly settlement: SettlementService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'betBatchConcurrency' | 'betBatchMax'>,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.concurrency = config.betBatchConcurrency;
    // the default, 64, is as many as usually wait (the bench's 64 connections), so a bet rarely
    // waits a second round; a call of 64 bets holds its rows for a few milliseconds
    this.maxBatch = config.betBatchMax;
  }

  /**
   * Places `bet`, with the bets waiting for the next call, or at once and alone when `alone`: a
   * retry after a moved nonce goes first, or it would race the other instance's next bet again.
   */
  place(bet: BetToPlace, alone = false): Promise<PlacedBet> {
    return new Promise<PlacedBet>((resolve, reject) => {
      const w = { bet, resolve, reject };
      // the play guards always apply to AMINA (place_bets() would hand it back); with batches of
      // one, the pool alone limits how many bets are in the database
      if (alone || bet.currency === 'AMINA' || this.maxBatch === 1) {
        this.stats.bets++;
        void this.alone(w);
        return;
      }
      // a backlog this deep will not clear in time anyway: refuse rather than grow without bound
      if (this.waiting.length >= MAX_WAITING_BETS) return reject(new ServerBusyError());
      this.waiting.push(w);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.waiting.length > 0) {
      const batch = this.waiting.length <= this.maxBatch ? this.waiting : this.waiting.slice(0, this.maxBatch);
      this.waiting = batch === this.waiting ? [] : this.waiting.slice(this.maxBatch);
      this.metrics?.batchSize.observe(batch.length);
      this.inFlight++;
      let ended = false;
      // the call is out of the database: the next one starts, before this one's bets are answered,
      // so PostgreSQL works on it while Node writes the answers
      const end = () => {
        if (ended) return;
        ended = true;
        this.inFlight--;
        this.pump();
      };
      this.send(batch, end)
        // whatever went wrong, no bet is left waiting (settling a settled promise does nothing)
        .catch((e: unknown) => batch.forEach((w) => w.reject(e)))
        .finally(end);
    }
  }

  private async send(batch: Waiting[], end: () => void): Promise<void> {
    this.stats.calls++;
    this.stats.bets += batch.length;
    if (batch.length > this.stats.largest) this.stats.largest = batch.length;
    if (batch.length === 1) return this.alone(batch[0], end);
    this.stats.batches++;
    // one lock order for every batch: two batches (two API instances) never wait on each other in a cycle
    batch.sort((a, b) => compareIds(a.bet.userId, b.bet.userId));
    let answer: string[];
    try {
      answer = await this.settlement.placeBets(batch.map((w) => w.bet));
    } catch (e) {
      end();
      if (!answeredByServer(e)) {
        for (const w of batch) w.reject(e);
        return;
      }
      // rolled back whole: each bet alone, where its own compare-and-set and checks decide
      this.stats.fallbacks++;
      this.log.warn(`place_bets failed (${(e as Error).message}); placing each bet alone`);
      await Promise.all(batch.map((w) => this.alone(w)));
      return;
    }
    end();
    // committed: an answer that cannot be read fails its bets (a 500), it is never placed again
    if (answer.length !== 3 * batch.length)
      throw new Error(`place_bets() answered ${answer.length} numbers for ${batch.length} bets`);
    const alone: Promise<void>[] = [];
    batch.forEach((w, i) => {
      const status = answer[3 * i];
      if (status === SETTLED) w.resolve({ betId: answer[3 * i + 1], balance: BigInt(answer[3 * i + 2]) });
      else if (status === GUARDED) alone.push(this.alone(w));
      else if (status === '401') w.reject(new SessionEndedError());
      else if (status === '208') w.reject(new KeyTakenError());
      else if (status === '402') w.reject(new InsufficientBalanceError());
      else if (status === '409')
        w.reject(new NonceMovedError(answer[3 * i + 1] === '-1' ? undefined : BigInt(answer[3 * i + 1])));
      else w.reject(new Error(`place_bets() answered status ${status} for a bet`));
    });
    await Promise.all(alone);
  }

  /**
   * place_bet() for one bet: in one of the queue's call slots (`end` given) on the bets' own
   * connections, else (AMINA, a retry, a batch placed again bet by bet) on the pool like any
   * statement, so it never waits behind the queue's calls for one of those few connections.
   */
  private async alone(w: Waiting, end?: () => void): Promise<void> {
    let answer: string[];
    try {
      answer = await this.settlement.placeBet(w.bet, end !== undefined);
    } catch (e) {
      end?.();
      w.reject(e);
      return;
    }
    end?.();
    w.resolve({ betId: answer[0], balance: BigInt(answer[1]) });
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
  if (e instanceof DomainError) return true;
  const { code, severity } = (e ?? {}) as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}
