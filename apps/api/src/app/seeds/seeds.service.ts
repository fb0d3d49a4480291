import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { RevealedSeedDto, SeedRotationResponse, SeedStateDto } from '@cosmic/contracts';
import { ConflictError, InvalidInputError } from '../common/domain-error';
import { Queryable, SqlService } from '../database/sql.service';
import { SeedPairRow, SeedsRepository, ServerSeed } from './seeds.repository';
import type { TransactionClaim } from '../database/transaction-claim';

/** Longest accepted client seed. */
export const MAX_CLIENT_SEED = 64;

/** A fresh secret server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): ServerSeed {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: createHash('sha256').update(serverSeed, 'ascii').digest('hex') };
}

/** A random default client seed the player may replace. */
export function newClientSeed(): string {
  return randomBytes(12).toString('base64url');
}

/** Checks a player's client seed: the spec's 'Please enter a client seed' when empty. */
export function validateClientSeed(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new InvalidInputError('Please enter a client seed');
  const seed = raw.trim();
  if ([...seed].length > MAX_CLIENT_SEED)
    throw new InvalidInputError(`clientSeed must be at most ${MAX_CLIENT_SEED} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(seed)) throw new InvalidInputError('clientSeed must not contain control characters');
  return seed;
}

/** How often a rotation looks again for the active pair after waiting on one that another rotation ended. */
const LOCK_TRIES = 50;

function committedNext(p: SeedPairRow): ServerSeed {
  // the database refuses an active pair without one (seed_pairs_active_has_next)
  if (!p.next_server_seed || !p.next_server_seed_hash)
    throw new Error(`seed pair ${p.id} has no committed next server seed`);
  return { serverSeed: p.next_server_seed, serverSeedHash: p.next_server_seed_hash };
}

function stateDto(p: SeedPairRow): SeedStateDto {
  return {
    serverSeedHash: p.server_seed_hash,
    nextServerSeedHash: committedNext(p).serverSeedHash,
    clientSeed: p.client_seed,
    nonce: Number(p.nonce),
    isActive: p.active,
  };
}

function revealedDto(p: SeedPairRow): RevealedSeedDto {
  return {
    serverSeed: p.server_seed,
    serverSeedHash: p.server_seed_hash,
    clientSeed: p.client_seed,
    nonce: Number(p.nonce),
    revealedAt: (p.revealed_at ?? new Date()).toISOString(),
  };
}

/**
 * Provably fair seed pairs: one active pair per player, committed to its successor's server seed
 * from the moment it starts; rotation reveals the old server seed and promotes that successor.
 */
@Injectable()
export class SeedsService {
  constructor(
    private readonly sql: SqlService,
    private readonly seeds: SeedsRepository,
  ) {}

  /** Creates the player's first pair and its committed successor (inside the user-creation transaction). */
  async createFirstPair(db: Queryable, userId: string): Promise<void> {
    await this.seeds.insert(db, userId, newServerSeed(), newClientSeed(), newServerSeed());
  }

  async current(userId: string): Promise<SeedStateDto> {
    const pair = await this.seeds.active(this.sql.pool, userId);
    if (!pair) throw new Error(`user ${userId} has no active seed pair`);
    return stateDto(pair);
  }

  /**
   * Ends the active pair (revealing its server seed) and starts the next one at nonce 0 on the
   * server seed committed before this request (its hash was `nextServerSeedHash`), so the seed
   * cannot depend on the client seed given here; then commits a freshly drawn successor.
   */
  async rotate(userId: string, clientSeed?: string, claim?: TransactionClaim): Promise<SeedRotationResponse> {
    return this.sql.tx(async (db) => {
      const old = await this.lockActive(db, userId);
      // Revealing the seed of an unfinished round would show the player its next cards.
      const open = await this.seeds.openRounds(db, old.id);
      if (open.length)
        throw new ConflictError(`Finish your ${open.join(' and ')} round first: it is played on the current seed pair`);
      const promoted = committedNext(old);
      const revealed = await this.seeds.reveal(db, old.id);
      const next = await this.seeds.insert(db, userId, promoted, clientSeed ?? old.client_seed, newServerSeed());
      return { revealed: revealedDto(revealed), current: stateDto(next) };
    }, claim);
  }

  /**
   * Locks the player's active pair. A rotation that waited on the lock finds that pair ended (the
   * row it waited for no longer matches), so it looks again and locks the pair that rotation
   * started: concurrent rotations queue one behind another, each promoting the seed its
   * predecessor committed.
   */
  private async lockActive(db: Queryable, userId: string): Promise<SeedPairRow> {
    for (let i = 0; i < LOCK_TRIES; i++) {
      const pair = await this.seeds.active(db, userId, true);
      if (pair) return pair;
    }
    throw new ConflictError('Your seeds are being changed by many requests at once: try again');
  }

  async history(userId: string, limit = 50): Promise<RevealedSeedDto[]> {
    const rows = await this.seeds.revealed(this.sql.pool, userId, limit);
    return rows.map(revealedDto);
  }
}
