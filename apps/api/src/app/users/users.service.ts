import { Injectable } from '@nestjs/common';
import { parseAddress } from '@cosmic/algorand';
import { type ClaimAllowanceResponse, DAILY_ALLOWANCE_HC, STARTING_HC, type UserDto } from '@cosmic/contracts';
import { randomBytes } from 'node:crypto';
import { ConflictError, DomainError, InvalidInputError, NotFoundError } from '../common/domain-error';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { SeedsService } from '../seeds/seeds.service';
import { UserRow, UsersRepository } from './users.repository';
import type { TransactionClaim } from '../database/transaction-claim';

const DAY_MS = 24 * 3600 * 1000;
const GUEST_ID = /^GUEST_[A-Za-z0-9]{6,64}$/;

/** 409 USERNAME_TAKEN: another account's username is the same with case and look-alike letters folded. */
export class UsernameTakenError extends DomainError {
  constructor() {
    super(409, 'Username taken', 'USERNAME_TAKEN');
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** Draws of a default name before giving up (40 random bits each: a second draw is already rare). */
const DEFAULT_NAME_TRIES = 5;

/**
 * A new account's name when it chose none: `cosmic_` and 8 random base32 characters (40 bits from
 * the CSPRNG), never derived from the address or guest id, which the name would otherwise leak.
 */
export function defaultUsername(bytes: Uint8Array = randomBytes(8)): string {
  let tail = '';
  for (const b of bytes.subarray(0, 8)) tail += BASE32[b & 31]; // 256 is a multiple of 32: no bias
  return `cosmic_${tail}`;
}

/** Classifies a wallet address: a guest id or a valid Algorand address; 400 otherwise. */
export function classifyWallet(walletAddress: string): { isGuest: boolean } {
  if (walletAddress.startsWith('GUEST_')) {
    if (!GUEST_ID.test(walletAddress))
      throw new InvalidInputError('walletAddress: a guest id is GUEST_ followed by 6–64 letters or digits');
    return { isGuest: true };
  }
  const r = parseAddress(walletAddress);
  if (!r.ok)
    throw new InvalidInputError(`walletAddress: Invalid Algorand address format (must be 58 characters): ${r.message}`);
  return { isGuest: false };
}

/** Users: creation with starting balances, lookup, and the daily allowance. */
@Injectable()
export class UsersService {
  constructor(
    private readonly sql: SqlService,
    private readonly users: UsersRepository,
    private readonly settlement: SettlementService,
    private readonly seeds: SeedsService,
  ) {}

  /**
   * Creates the user on first sight (1000 HC, 0 AMINA, a seed pair) or returns the existing one.
   * `admit` is asked only when the account would be new (signing in again is never limited); when
   * it throws, the new row is rolled back.
   */
  async createOrFetch(
    walletAddress: string,
    username?: string,
    admit?: () => Promise<void>,
    claim?: TransactionClaim,
  ): Promise<UserRow> {
    const { isGuest } = classifyWallet(walletAddress);
    // a random default name that folds like a taken one is drawn again; a chosen one is refused
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sql.tx(async (db) => {
          const r = await this.users.insertIfAbsent(db, walletAddress, username ?? defaultUsername(), isGuest);
          if (r === 'username taken') throw new UsernameTakenError();
          const { user, created } = r;
          if (created) {
            await admit?.();
            await this.settlement.apply(db, { kind: 'signup', userId: user.id, amount: STARTING_HC });
            await this.seeds.createFirstPair(db, user.id);
          }
          return user;
        }, claim);
      } catch (e) {
        if (!(e instanceof UsernameTakenError) || username !== undefined || attempt >= DEFAULT_NAME_TRIES) throw e;
      }
    }
  }

  async get(userId: string, ownershipVerified: boolean): Promise<UserDto> {
    const user = await this.users.findById(this.sql.pool, userId);
    if (!user) throw new NotFoundError('User not found');
    return this.toDto(user, ownershipVerified);
  }

  async toDto(user: UserRow, ownershipVerified: boolean): Promise<UserDto> {
    const b = await this.settlement.balances(this.sql.pool, user.id);
    return {
      id: String(user.id),
      walletAddress: user.wallet_address,
      username: user.username,
      isGuest: user.is_guest,
      aminaBalance: money(b.AMINA),
      houseBalance: money(b.HC),
      ownershipVerified: !user.is_guest && ownershipVerified,
      nextAllowanceAt: nextAllowance(user.last_allowance_at)?.toISOString() ?? null,
    };
  }

  /** Grants 1000 HC at most once per 24 h; a clear 409 with the time left otherwise. */
  async claimAllowance(userId: string, claim?: TransactionClaim): Promise<ClaimAllowanceResponse> {
    return this.sql.tx(async (db) => {
      const stamped = await this.users.stampAllowance(db, userId);
      if (!stamped) {
        const user = await this.users.findById(db, userId);
        const next = nextAllowance(user?.last_allowance_at ?? null) ?? new Date();
        throw new ConflictError(
          `Daily allowance already claimed: the next one is available in ${timeLeft(next.getTime() - Date.now())} (${next.toISOString()})`,
        );
      }
      const balance = await this.settlement.apply(db, {
        kind: 'allowance',
        userId: userId,
        amount: DAILY_ALLOWANCE_HC,
        claimedAt: stamped,
      });
      return {
        credited: money(DAILY_ALLOWANCE_HC),
        houseBalance: money(balance),
        nextAllowanceAt: new Date(stamped.getTime() + DAY_MS).toISOString(),
      };
    }, claim);
  }
}

function nextAllowance(last: Date | null): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + DAY_MS);
  return next.getTime() > Date.now() ? next : null;
}

/** "5h 12m" style. */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}
