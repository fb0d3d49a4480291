import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { RoundRow } from './rounds.repository';

/** An open round as this process last wrote (or read) it, with the row's version then (its xmin). */
export type KnownRound<S> = RoundRow<S> & { seen: string };

/** How many players' open rounds the process keeps (a round is forgotten when it closes). */
const KNOWN_ROUNDS = 50_000;

/**
 * The open rounds this process last wrote or read, by player and game: what the player's next
 * action is computed from without reading the round again (round-runner.ts). round_act() writes
 * an action only on the version it was computed from, so a kept round that another process, an
 * idle-round closer or a lost answer has moved since costs one refused write and the locked
 * fallback, never a wrong one. The state kept is the state as written (its JSON read back), so a
 * move computed from it sees what one computed from the database would.
 */
@Injectable()
export class KnownRounds {
  private readonly rounds = new LRUCache<string, KnownRound<unknown>>({ max: KNOWN_ROUNDS });
  /** By `userId:game`: the pair and nonce (`pairId:nonce`) at which the player had no open round of the game. */
  private readonly none = new LRUCache<string, string>({ max: KNOWN_ROUNDS });

  get<S>(userId: string, game: string): KnownRound<S> | undefined {
    return this.rounds.get(`${userId}:${game}`) as KnownRound<S> | undefined;
  }

  /** The round as read from the database (its state is JSON already). */
  read<S>(round: KnownRound<S>): void {
    this.rounds.set(`${round.user_id}:${round.game}`, round);
  }

  /**
   * The round as a write left it: `round` with its state as written (`state`, the JSON text the
   * write sent), `changes`, and the version the write answered; forgotten when the write closed it
   * (no version).
   */
  wrote<S>(round: RoundRow<S>, state: string, version: string | null, changes: Partial<RoundRow<S>> = {}): void {
    if (version === null) return this.forget(round.user_id, round.game);
    const { seen: _seen, balance: _balance, ...row } = round as RoundRow<S> & { seen?: string; balance?: string };
    this.rounds.set(`${row.user_id}:${row.game}`, {
      ...row,
      ...changes,
      state: JSON.parse(state) as unknown,
      seen: version,
    });
  }

  /**
   * The player had no open round of `game` when their active pair stood at `pair.nonce`. Every
   * round opens with a nonce of its pair (round_open()), so while a bet at that nonce is accepted
   * (place_bet()'s check) no round of the game has opened since: the slots paid spin's instant way
   * needs no read then (slots.service.ts).
   */
  hadNoneAt(userId: string, game: string, pair: { pairId: string; nonce: bigint }): void {
    this.none.set(`${userId}:${game}`, `${pair.pairId}:${pair.nonce}`);
  }

  /** Whether the player had no open round of `game` at `pair`'s nonce, as far as this process knows. */
  knownNoneAt(userId: string, game: string, pair: { pairId: string; nonce: bigint }): boolean {
    return this.none.get(`${userId}:${game}`) === `${pair.pairId}:${pair.nonce}`;
  }

  forget(userId: string, game: string): void {
    this.rounds.delete(`${userId}:${game}`);
  }
}
