import { Inject, Injectable } from '@nestjs/common';
import {
  blackjackAct,
  blackjackDeal,
  blackjackReturn,
  cardLabel,
  fairStream,
  legalActions,
  settledPayout,
  playerTotal,
  visibleDealerCards,
  type BlackjackAction,
  type BlackjackState,
  type Card,
  type FloatStream,
} from '@cosmic/game-engine';
import type { Currency } from '@cosmic/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { ConflictError } from '../common/domain-error';
import { SqlService } from '../database/sql.service';
import { multiplierText } from './multiplier';
import { nodeHmac } from '../common/node-hmac';
import { RoundRow, RoundsRepository } from './rounds.repository';
import { parseStake } from './stake';
import { RoundOpener, type OpenedRound, type RoundToOpen } from './round-open';
import type { ActivePair } from './seed-cache';
import { RoundRunner, type RoundEnding } from './round-runner';
import { BankrollService } from '../bankroll/bankroll.service';
import type { BetBody } from './dto';

const GAME = 'blackjack';
const ALREADY_OPEN = 'You already have a blackjack hand in progress: finish it first';

const cardDto = (c: Card) => ({ rank: c.rank, suit: c.suit, label: cardLabel(c) });

/** Galaxy Blackjack: the hand lives in a game_rounds row; every action is one round_act() on it. */
@Injectable()
export class BlackjackService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly rounds: RoundsRepository,
    private readonly bankroll: BankrollService,
    private readonly opener: RoundOpener,
    private readonly runner: RoundRunner,
  ) {}

  /**
   * Debits the bet and deals; a blackjack on either side settles at once. A hand that stays open is
   * dealt in one statement (round_open()) at the nonce the seed cache expects; one that settles at
   * once, or a deal whose nonce kept moving, goes the locked way.
   */
  async deal(user: SessionUser, body: BetBody) {
    const { currency, stake } = parseStake(user, body.currency, body.betAmount, 'betAmount', this.config.betMaxAmina);
    // the cap covers the worst case: a split with both hands doubled
    if (currency === 'AMINA') await this.bankroll.assertStakeWithinCap({ game: 'blackjack' }, stake, 'betAmount');
    const hand: RoundToOpen<BlackjackState> = {
      game: GAME,
      currency,
      stake,
      deal: openHand,
      alreadyOpen: ALREADY_OPEN,
    };
    const opened = await this.opener.open(user, hand);
    if (opened) return this.openDealt(user, currency, stake, opened);
    // a retry whose hand at the nonce it read settles at once goes the locked way, though its key's
    // earlier request may have dealt a hand that stays open: that hand is answered
    return this.opener.lockedOrReplayed(
      () => this.dealLocked(user, currency, stake),
      async () => {
        const replayed = await this.opener.replay(user, hand);
        return replayed && this.openDealt(user, currency, stake, replayed);
      },
    );
  }

  /** The answer to a deal whose hand stays open. */
  private openDealt(user: SessionUser, currency: Currency, stake: bigint, opened: OpenedRound<BlackjackState>) {
    const round = dealtRound(user, opened.id, currency, stake, opened.pair);
    return this.dealt(round, opened.state, { betId: null, win: 0n, balance: opened.balance });
  }

  /** The locked way (games/round-open.ts): the same round_open(), which settles a hand that ends as it is dealt. */
  private dealLocked(user: SessionUser, currency: Currency, stake: bigint) {
    return this.sql.tx(async (db) => {
      const opened = await this.opener.openLocked(db, user, {
        game: GAME,
        currency,
        stake,
        deal: blackjackDeal,
        alreadyOpen: ALREADY_OPEN,
        ends: (state) => (state.status === 'settled' ? handEnd(currency, stake, state) : null),
      });
      const round = dealtRound(user, opened.id, currency, stake, opened.pair);
      const { state, balance, betId } = opened;
      const win = state.status === 'settled' ? handEnd(currency, stake, state).payout : 0n;
      return this.dealt(round, state, { betId, win, balance });
    }, user.claim);
  }

  /** The answer to a deal: the hand dealt (settled at once on a blackjack) and the balance after it. */
  private dealt(
    round: RoundRow<BlackjackState>,
    state: BlackjackState,
    { betId, win, balance }: { betId: string | null; win: bigint; balance: bigint },
  ) {
    return { ...this.view(state, BigInt(round.stake), win), betId, ...this.fairness(round), balance: money(balance) };
  }

  /**
   * hit, stand, double or split on the open hand; a client's totals or cards are never used. Hit,
   * double and split play on (the play guard refuses them as it refuses a bet; a double or a split
   * stakes one more base bet); a stand takes no new risk and is played whatever the guard says.
   * Written by the round runner (round-runner.ts).
   */
  act(user: SessionUser, action: BlackjackAction) {
    return this.runner.act<BlackjackState, ReturnType<BlackjackService['acted']>>(user, {
      game: GAME,
      noRound: 'No blackjack hand in progress: deal first',
      move: (round) => {
        const r = blackjackAct(round.state, action, this.stream(round));
        if (!r.ok) throw new ConflictError(r.error);
        const extra = BigInt(round.stake) * BigInt(r.state.totalStaked - round.state.totalStaked);
        const end = r.state.status === 'settled' ? handEnd(round.currency, BigInt(round.stake), r.state) : null;
        return { state: r.state, playsOn: action !== 'stand', extra, end };
      },
      answer: (round, move, { betId, balance }) =>
        this.acted(round, action, move.state, { betId, win: move.end?.payout ?? 0n, balance }),
    });
  }

  /** The answer to an action: the hand after it, the card it drew, and the balance after it. */
  private acted(
    round: RoundRow<BlackjackState>,
    action: BlackjackAction,
    state: BlackjackState,
    { betId, win, balance }: { betId: string | null; win: bigint; balance: bigint },
  ) {
    const newCard = action === 'hit' || action === 'double' ? drawnCard(round.state, state) : null;
    return {
      ...this.view(state, BigInt(round.stake), win),
      newCard: newCard && cardDto(newCard),
      betId,
      ...this.fairness(round),
      balance: money(balance),
    };
  }

  private stream(round: RoundRow<unknown>) {
    return fairStream(round.server_seed, round.client_seed, Number(round.nonce), nodeHmac);
  }

  /** The spec's bust call: settlement already happened; answers the last hand. */
  async lastHand(user: SessionUser) {
    const round = await this.rounds.lastSettled<BlackjackState>(this.sql.pool, user.userId, GAME);
    if (!round) throw new ConflictError('No finished blackjack hand');
    const stake = BigInt(round.stake);
    const ret = blackjackReturn(round.state);
    return {
      ...this.view(round.state, stake, ret ? settledPayout(round.currency, stake, ret) : 0n),
      betId: round.bet_id,
      ...this.fairness(round),
    };
  }

  /** The open hand, if any, so a reload resumes it. */
  async current(user: SessionUser) {
    const round = await this.sql.tx((db) => this.rounds.lockOpen<BlackjackState>(db, user.userId, GAME), user.claim);
    if (!round) return { active: false as const };
    return { active: true as const, ...this.view(round.state, BigInt(round.stake), 0n), ...this.fairness(round) };
  }

  private view(state: BlackjackState, stake: bigint, win: bigint) {
    const dealer = visibleDealerCards(state);
    const hand = state.hands[Math.min(state.active, state.hands.length - 1)];
    const settled = state.status === 'settled';
    return {
      status: state.status,
      gameOver: settled,
      playerCards: hand.cards.map(cardDto),
      playerTotal: playerTotal(hand.cards).total,
      playerSoft: playerTotal(hand.cards).soft,
      dealerCards: dealer.map(cardDto),
      dealerHidden: !settled,
      dealerTotal: playerTotal(dealer).total,
      hands: state.hands.map((h) => ({
        cards: h.cards.map(cardDto),
        total: playerTotal(h.cards).total,
        soft: playerTotal(h.cards).soft,
        doubled: h.doubled,
        done: h.done,
        result: h.result,
      })),
      activeHand: state.active,
      legalActions: legalActions(state),
      result: settled ? overallResult(state) : null,
      winAmount: money(win),
      betAmount: money(stake),
      totalStaked: money(stake * BigInt(state.totalStaked)),
    };
  }

  private fairness(round: Pick<RoundRow<unknown>, 'nonce' | 'server_seed_hash' | 'client_seed' | 'currency'>) {
    return {
      nonce: Number(round.nonce),
      serverSeedHash: round.server_seed_hash,
      clientSeed: round.client_seed,
      currency: round.currency,
    };
  }
}

/** The hand dealt from `stream` if it stays open; null when it settles at once (a blackjack). */
function openHand(stream: FloatStream): BlackjackState | null {
  const state = blackjackDeal(stream);
  return state.status === 'settled' ? null : state;
}

/** The row of a round just dealt, as settling it and answering need it. */
function dealtRound(
  user: SessionUser,
  id: string,
  currency: Currency,
  stake: bigint,
  pair: ActivePair,
): RoundRow<BlackjackState> {
  return {
    id,
    user_id: user.userId,
    game: GAME,
    currency,
    stake: stake.toString(),
    staked: stake.toString(),
    seed_pair_id: pair.pairId,
    nonce: pair.nonce.toString(),
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
  } as RoundRow<BlackjackState>;
}

/** How a settled hand ends: what it staked in all and what it pays. */
function handEnd(currency: Currency, stake: bigint, state: BlackjackState): RoundEnding<BlackjackState> {
  const ret = blackjackReturn(state)!;
  return {
    state,
    staked: stake * BigInt(state.totalStaked),
    payout: settledPayout(currency, stake, ret),
    // the bet row's multiplier is the return per unit actually staked
    multiplier: multiplierText({ num: ret.num, den: ret.den * BigInt(state.totalStaked) }),
  };
}

/** One word for the round: the hand's result, or for split hands the better of the two. */
function overallResult(state: BlackjackState) {
  const order = ['blackjack', 'win', 'push', 'lose', 'bust'] as const;
  const results = state.hands.map((h) => h.result ?? 'lose');
  return order.find((r) => results.includes(r)) ?? 'lose';
}

/** The card an action drew for the player (the last card added to any player hand). */
function drawnCard(before: BlackjackState, after: BlackjackState): Card | null {
  for (let i = 0; i < after.hands.length; i++) {
    const a = after.hands[i].cards;
    const b = before.hands[i]?.cards ?? [];
    if (a.length > b.length) return a[b.length];
  }
  return null;
}
