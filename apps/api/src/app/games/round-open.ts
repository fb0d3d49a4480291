import { Injectable } from '@nestjs/common';
import { fairStream, type FloatStream } from '@cosmic/game-engine';
import type { Currency } from '@cosmic/contracts';
import type { SessionUser } from '../auth/session.service';
import { ConflictError } from '../common/domain-error';
import { pendingClaim } from '../common/idempotency-claim';
import { toJson } from '../common/json';
import { nodeHmac } from '../common/node-hmac';
import { NonceMovedError, RoundOpenError, SessionEndedError } from '../settlement/settlement-errors';
import { SettlementService } from '../settlement/settlement.service';
import type { RoundOpening } from '../settlement/settlement.repository';
import { BetBatcher } from './bet-batcher';
import { needVerified, sessionRefusal } from './play-session';
import { SeedCache, type ActivePair } from './seed-cache';

/**
 * Tries before an opening gives way to the locked transaction: each one lost the nonce to another
 * bet of the player's (another instance, a round) and learnt where it is now.
 */
const MAX_ATTEMPTS = 4;

/** A round to open: the game, the stake, and how it opens. */
export interface RoundToOpen<S> {
  game: string;
  currency: Currency;
  stake: bigint;
  /** The opening state for the pair's stream; null when it needs the locked transaction (a deal that settles at once). */
  deal(stream: FloatStream): S | null;
  /** The refusal when the player already has a round of this game open (today's message). */
  alreadyOpen: string;
}

/** A round opened and its stake debited. */
export interface OpenedRound<S> {
  id: string;
  pair: ActivePair;
  state: S;
  balance: bigint;
}

/**
 * Opens a round in one statement (round_open()) like an instant bet: the opening state is computed
 * for the nonce the seed cache expects, and the database takes it only if that nonce is still
 * current (else the cache moves to where it is, and the state is computed again). The first try
 * goes through BetBatcher's group commit: the openings that wait together share one
 * round_opens() call and one commit.
 */
@Injectable()
export class RoundOpener {
  constructor(
    private readonly seeds: SeedCache,
    private readonly settlement: SettlementService,
    private readonly batcher: BetBatcher,
  ) {}

  /**
   * The round opened, with the request's Idempotency-Key claimed in the same statement; null when
   * nothing was written and the caller opens it the locked way (a state that needs it, or the nonce
   * lost every try). Refusals (session, guards, balance, a round already open) are thrown.
   */
  async open<S>(user: SessionUser, round: RoundToOpen<S>): Promise<OpenedRound<S> | null> {
    const claim = pendingClaim();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const pair = await this.seeds.get(user.userId);
      const state = round.deal(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac));
      if (state === null) return null;
      try {
        const opening: RoundOpening = {
          tokenHash: user.tokenHash,
          userId: user.userId,
          needVerified: needVerified(user, round.currency),
          game: round.game,
          currency: round.currency,
          stake: round.stake,
          pairId: pair.pairId,
          nonce: pair.nonce,
          state: toJson(state),
          idempotency: claim && { key: claim.key, hash: claim.hash },
        };
        // the first try joins the group commit; a retry after a moved nonce goes at once and
        // alone, or it would race the player's other bet again
        const opened = attempt === 0 ? await this.batcher.open(opening) : await this.settlement.openRound(opening);
        if (claim) claim.state = 'claimed';
        this.seeds.advanced(user.userId, pair);
        return { id: opened.roundId, pair, state, balance: opened.balance };
      } catch (e) {
        if (e instanceof NonceMovedError) {
          this.seeds.lost(user.userId, pair, e);
          continue;
        }
        if (e instanceof RoundOpenError) throw new ConflictError(round.alreadyOpen);
        if (e instanceof SessionEndedError) throw sessionRefusal(user);
        throw e;
      }
    }
    return null;
  }
}
