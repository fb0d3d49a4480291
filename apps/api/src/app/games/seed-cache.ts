import { Injectable } from '@nestjs/common';
import { SqlService } from '../database/sql.service';
import { SeedsRepository } from '../seeds/seeds.repository';
import type { NonceMovedError } from '../settlement/settlement-errors';

/** What a bet needs to know about the player's active seed pair. */
export interface ActivePair {
  pairId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet will use. */
  nonce: bigint;
}

/**
 * The active seed pair per player, kept in memory so an instant bet needs one round trip. It is
 * only a guess: the database's compare-and-set on the nonce is the truth, and a miss reloads.
 */
@Injectable()
export class SeedCache {
  private readonly pairs = new Map<string, ActivePair>();

  constructor(
    private readonly sql: SqlService,
    private readonly seeds: SeedsRepository,
  ) {}

  async get(userId: string): Promise<ActivePair> {
    const hit = this.pairs.get(userId);
    if (hit) return hit;
    const r = await this.seeds.activeForBet(this.sql.pool, userId);
    if (!r) throw new Error(`user ${userId} has no active seed pair`);
    const pair = {
      pairId: String(r.id),
      serverSeed: r.server_seed,
      serverSeedHash: r.server_seed_hash,
      clientSeed: r.client_seed,
      nonce: BigInt(r.nonce),
    };
    if (this.pairs.size > 100_000) this.pairs.clear(); // bounded memory; entries are cheap to reload
    this.pairs.set(userId, pair);
    return pair;
  }

  /** The bet at `nonce` committed: the next one uses nonce + 1. */
  advanced(userId: string, pair: ActivePair): void {
    this.movedTo(userId, pair, pair.nonce + 1n);
  }

  /** The pair's nonce moved to `nonce` (another instance, a round): the next bet uses it. */
  movedTo(userId: string, pair: ActivePair, nonce: bigint): void {
    this.pairs.set(userId, { ...pair, nonce });
  }

  /**
   * A bet at `pair`'s nonce was refused because the nonce had moved: the next one uses the nonce
   * the database named, or reloads the pair when it named none (a rotation ended it).
   */
  lost(userId: string, pair: ActivePair, e: NonceMovedError): void {
    if (e.currentNonce === undefined) this.invalidate(userId);
    else this.movedTo(userId, pair, e.currentNonce);
  }

  invalidate(userId: string): void {
    this.pairs.delete(userId);
  }
}
