import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { RevealedSeedDto, SeedRotationResponse, SeedStateDto } from '@cosmic/contracts';
import { ConflictError, InvalidInputError } from '../common/domain-error';
import { Queryable, SqlService } from '../database/sql.service';
import { SeedPairRow, SeedsRepository } from './seeds.repository';

/** Longest accepted client seed. */
export const MAX_CLIENT_SEED = 64;

/** A fresh secret server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
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
  if ([...seed].length > MAX_CLIENT_SEED) throw new InvalidInputError(`clientSeed must be at most ${MAX_CLIENT_SEED} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(seed)) throw new InvalidInputError('clientSeed must not contain control characters');
  return seed;
}

function stateDto(p: SeedPairRow): SeedStateDto {
  return { serverSeedHash: p.server_seed_hash, clientSeed: p.client_seed, nonce: Number(p.nonce), isActive: p.active };
}

function revealedDto(p: SeedPairRow): RevealedSeedDto {
  return { serverSeed: p.server_seed, serverSeedHash: p.server_seed_hash, clientSeed: p.client_seed, nonce: Number(p.nonce), revealedAt: (p.revealed_at ?? new Date()).toISOString() };
}

/** Provably fair seed pairs: one active pair per player; rotation reveals the old server seed. */
@Injectable()
export class SeedsService {
  constructor(
    private readonly sql: SqlService,
    private readonly seeds: SeedsRepository,
  ) {}

  /** Creates the player's first pair (inside the user-creation transaction). */
  async createFirstPair(db: Queryable, userId: string): Promise<void> {
    const { serverSeed, serverSeedHash } = newServerSeed();
    await this.seeds.insert(db, userId, serverSeed, serverSeedHash, newClientSeed());
  }

  async current(userId: string): Promise<SeedStateDto> {
    const pair = await this.seeds.active(this.sql.pool, userId);
    if (!pair) throw new Error(`user ${userId} has no active seed pair`);
    return stateDto(pair);
  }

  /** Ends the active pair (revealing its server seed) and starts a new one at nonce 0. */
  async rotate(userId: string, clientSeed?: string): Promise<SeedRotationResponse> {
    return this.sql.tx(async (db) => {
      const old = await this.seeds.active(db, userId, true);
      if (!old) throw new Error(`user ${userId} has no active seed pair`);
      // Revealing the seed of an unfinished round would show the player its next cards.
      const open = await this.seeds.openRounds(db, old.id);
      if (open.length) throw new ConflictError(`Finish your ${open.join(' and ')} round first: it is played on the current seed pair`);
      const revealed = await this.seeds.reveal(db, old.id);
      const { serverSeed, serverSeedHash } = newServerSeed();
      const next = await this.seeds.insert(db, userId, serverSeed, serverSeedHash, clientSeed ?? old.client_seed);
      return { revealed: revealedDto(revealed), current: stateDto(next) };
    });
  }

  async history(userId: string, limit = 50): Promise<RevealedSeedDto[]> {
    const rows = await this.seeds.revealed(this.sql.pool, userId, limit);
    return rows.map(revealedDto);
  }
}
