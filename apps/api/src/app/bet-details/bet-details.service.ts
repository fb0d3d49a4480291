import { type BetDetails, toBetOutcome } from '@cosmic/contracts';
import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/domain-error';
import { BetsRepository } from '../bets/bets.repository';
import { isMine, publicBetFields } from '../bets/public-bet';
import { betVerify, DETAIL_GAMES, type DetailGame } from './bet-outcome';

/** One settled bet in full: what it drew and what verifies it. */
@Injectable()
export class BetDetailsService {
  constructor(private readonly bets: BetsRepository) {}

  /**
   * The bet with this id, as anyone may read it (every bet is in the public live feed): the
   * player's username and never the address; the server seed only once its pair is no longer
   * active (revealed), the hash before; `mine` from the session's user.
   */
  async get(id: string, userId: string | null): Promise<BetDetails> {
    const r = await this.bets.detail(id);
    if (!r || !(DETAIL_GAMES as readonly string[]).includes(r.game)) throw new NotFoundError(`No bet ${id}`);
    const amount = BigInt(r.amount);
    // a bet row may be a slots bonus purchase
    const outcome = toBetOutcome(r.game as DetailGame, r.outcome, { bonusBuy: true });
    return {
      ...publicBetFields(r, amount),
      game: r.game as DetailGame,
      mine: isMine(r, userId),
      nonce: Number(r.nonce),
      clientSeed: r.client_seed,
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.server_seed,
      outcome,
      verify: betVerify(outcome, r.outcome, amount, r.currency),
    };
  }
}
