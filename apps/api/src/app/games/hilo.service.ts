import { Inject, Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import {
  cardLabel,
  fairStream,
  hiloValue,
  hiloCashout,
  hiloGuess,
  hiloMultiplier,
  hiloOdds,
  hiloStart,
  isHiloDirection,
  payout,
  settledPayout,
  toNumber,
  type Card,
  type HiloState,
} from '@cosmic/game-engine';
import { BankrollService } from '../bankroll/bankroll.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { ConflictError } from '../common/domain-error';
import { SqlService } from '../database/sql.service';
import { SettlementService, type Settled } from '../settlement/settlement.service';
import { GameEngineRefusal } from './engine-refusal';
import { multiplierText } from './multiplier';
import { nodeHmac } from '../common/node-hmac';
import { RoundRow, RoundsRepository } from './rounds.repository';
import { parseStake } from './stake';
import { RoundOpener, type OpenedRound } from './round-open';
import { commitSettle, commitStep, readStep, settleLocked, type RoundEnding } from './round-step';
import type { HiloGuessBody, HiloStartBody } from './dto';

const GAME = 'hilo';
const ALREADY_OPEN = 'You already have a Hi-Lo game in progress: guess or cash out first';

function cardDto(c: Card) {
  return { rank: c.rank, suit: c.suit, label: cardLabel(c) };
}

/** Cosmic Hi-Lo: the run lives in a game_rounds row; each call is one transaction on it. */
@Injectable()
export class HiloService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly rounds: RoundsRepository,
    private readonly settlement: SettlementService,
    private readonly bankroll: BankrollService,
    private readonly opener: RoundOpener,
  ) {}

  /**
   * Debits the bet and deals the first card of a new run, in one statement (round_open()) at the
   * nonce the seed cache expects; the locked way when that gives way (the nonce kept moving).
   */
  async start(user: SessionUser, body: HiloStartBody) {
    const { currency, stake } = parseStake(user, body.currency, body.bet, 'bet', this.config.betMaxAmina);
    const opened = await this.opener.open(user, {
      game: GAME,
      currency,
      stake,
      deal: hiloStart,
      alreadyOpen: ALREADY_OPEN,
    });
    return opened ? this.started(opened, stake, currency) : this.startLocked(user, currency, stake);
  }

  /** The transaction answers the start itself: a keyed request stores its answer in it. */
  private startLocked(user: SessionUser, currency: Currency, stake: bigint) {
    return this.sql.tx(async (db) => {
      // seed pair before the limits row: every bet takes a player's rows in this order (no deadlock)
      const pair = await this.rounds.takeNonce(db, user.userId);
      await this.settlement.checkPlayAllowed(db, user.userId, currency, stake);
      const state = hiloStart(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac));
      const id = await this.rounds.open(db, user.userId, GAME, currency, stake, pair.pairId, pair.nonce, state);
      if (!id) throw new ConflictError(ALREADY_OPEN);
      const balance = await this.settlement.stakeRound(db, user.userId, currency, stake, id);
      return this.started({ id, pair, state, balance }, stake, currency);
    });
  }

  /** The answer to a start: the run's first card. */
  private started({ id, pair, state, balance }: OpenedRound<HiloState>, stake: bigint, currency: Currency) {
    return {
      ...this.view(state, stake, currency),
      roundId: id,
      nonce: Number(pair.nonce),
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      currency,
      balance: money(balance),
    };
  }

  /**
   * Higher or lower; a wrong or equal card ends (and settles) the run. Either is written in one
   * statement on the run read without a lock: a right guess moves no money (commitStep), a losing
   * one settles the run (commitSettle); a refused guess, or a run another step changed meanwhile,
   * goes the locked way.
   */
  async guess(user: SessionUser, body: HiloGuessBody) {
    return (await this.guessUnlocked(user, body)) ?? this.guessLocked(user, body);
  }

  /** A guess on the run as read, committed if the run has not moved; null: play it locked. */
  private async guessUnlocked(user: SessionUser, body: HiloGuessBody) {
    const round = await readStep<HiloState>(this.rounds, user, GAME);
    if (!round) return null;
    await this.assertWithinCap(round, body.direction);
    const r = hiloGuess(round.state, body.direction, this.stream(round));
    if (!r.ok) return null;
    if (r.state.status === 'lost') {
      const settled = await commitSettle(this.settlement, user, round, lostRun(round, r.state));
      return settled && this.lost(round, r.state, settled);
    }
    if ((await commitStep(this.rounds, user, round, r.state)) === null) return null;
    return this.wentOn(round, r.state);
  }

  private async guessLocked(user: SessionUser, body: HiloGuessBody) {
    return this.sql.tx(async (db) => {
      const round = await this.lockOpen(db, user.userId);
      await this.assertWithinCap(round, body.direction);
      const r = hiloGuess(round.state, body.direction, this.stream(round));
      if (!r.ok) throw new GameEngineRefusal(r.error);
      const state = r.state;
      if (state.status === 'lost')
        return this.lost(round, state, await settleLocked(this.settlement, db, round, lostRun(round, state)));
      await this.rounds.update(db, round.id, state);
      return this.wentOn(round, state);
    });
  }

  /** The answer to a losing guess: the run is over and settled. */
  private lost(round: RoundRow<HiloState>, state: HiloState, { betId, balance }: Settled) {
    const n = state.cards.length;
    const equal = hiloValue(state.cards[n - 1]) === hiloValue(state.cards[n - 2]);
    return {
      ...this.view(state, BigInt(round.stake), round.currency),
      won: false,
      gameOver: true,
      message: equal ? 'Equal cards! Game over' : 'Wrong! Game over',
      winAmount: '0',
      ...this.fairness(round, betId),
      balance: money(balance),
    };
  }

  /**
   * The bankroll caps one bet's win: an AMINA guess whose payout would pass it is refused before the
   * card is drawn.
   */
  private async assertWithinCap(round: RoundRow<HiloState>, direction: HiloGuessBody['direction']): Promise<void> {
    if (round.currency !== 'AMINA' || !isHiloDirection(direction)) return;
    const next = hiloOdds(round.state)[direction];
    if (next.allowed)
      await this.bankroll.assertPayoutWithinCap(BigInt(round.stake), payout(BigInt(round.stake), next.nextMultiplier));
  }

  /** The answer to a right guess: the run goes on. */
  private wentOn(round: RoundRow<HiloState>, state: HiloState) {
    return {
      ...this.view(state, BigInt(round.stake), round.currency),
      won: true,
      gameOver: false,
      ...this.fairness(round, null),
    };
  }

  private stream(round: RoundRow<unknown>) {
    return fairStream(round.server_seed, round.client_seed, Number(round.nonce), nodeHmac);
  }

  /**
   * Pays bet × multiplier (only after at least one correct guess); a client streak is ignored.
   * Settled in one statement on the run read without a lock (commitSettle); a refused cashout, or a
   * run another step changed meanwhile, goes the locked way.
   */
  async cashout(user: SessionUser) {
    return (await this.cashoutUnlocked(user)) ?? this.cashoutLocked(user);
  }

  /** A cashout of the run as read, committed if the run has not moved; null: play it locked. */
  private async cashoutUnlocked(user: SessionUser) {
    const round = await readStep<HiloState>(this.rounds, user, GAME);
    if (!round) return null;
    const end = cashedRun(round);
    if (!end) return null;
    const settled = await commitSettle(this.settlement, user, round, end);
    return settled && this.cashed(round, end, settled);
  }

  private async cashoutLocked(user: SessionUser) {
    return this.sql.tx(async (db) => {
      const round = await this.lockOpen(db, user.userId);
      const end = cashedRun(round);
      if (!end) throw new ConflictError('Cash out needs at least one correct guess');
      return this.cashed(round, end, await settleLocked(this.settlement, db, round, end));
    });
  }

  /** The answer to a cashout: the run is over and paid. */
  private cashed(round: RoundRow<HiloState>, end: RoundEnding<HiloState>, { betId, balance }: Settled) {
    return {
      ...this.view(end.state, BigInt(round.stake), round.currency),
      gameOver: true,
      winAmount: money(end.payout),
      ...this.fairness(round, betId),
      balance: money(balance),
    };
  }

  /** The spec's loss call: settling already happened on the losing guess; answers the last run. */
  async loss(user: SessionUser) {
    const round = await this.rounds.lastSettled<HiloState>(this.sql.pool, user.userId, GAME);
    if (!round) throw new ConflictError('No finished Hi-Lo game');
    return {
      ...this.view(round.state, BigInt(round.stake), round.currency),
      gameOver: true,
      ...this.fairness(round, round.bet_id),
    };
  }

  /** The open run, if any (so a reload can resume it). */
  async current(user: SessionUser) {
    const round = await this.sql.tx((db) => this.rounds.lockOpen<HiloState>(db, user.userId, GAME));
    if (!round) return { active: false as const };
    return {
      active: true as const,
      ...this.view(round.state, BigInt(round.stake), round.currency),
      ...this.fairness(round, null),
    };
  }

  private async lockOpen(
    db: Parameters<RoundsRepository['lockOpen']>[0],
    userId: string,
  ): Promise<RoundRow<HiloState>> {
    const round = await this.rounds.lockOpen<HiloState>(db, userId, GAME);
    if (!round) throw new ConflictError('No Hi-Lo game in progress: start one first');
    return round;
  }

  private view(state: HiloState, stake: bigint, currency: Currency) {
    const odds = state.status === 'active' ? hiloOdds(state) : null;
    const m = hiloMultiplier(state);
    const side = (s: NonNullable<typeof odds>['higher']) => ({
      allowed: s.allowed,
      probability: toNumber(s.p),
      nextMultiplier: toNumber(s.nextMultiplier),
    });
    return {
      status: state.status,
      card: cardDto(state.cards[state.cards.length - 1]),
      cards: state.cards.map(cardDto),
      streak: state.streak,
      multiplier: toNumber(m),
      currentPayout: money(settledPayout(currency, stake, m)),
      betAmount: money(stake),
      next: odds ? { higher: side(odds.higher), lower: side(odds.lower) } : null,
    };
  }

  private fairness(round: RoundRow<unknown>, betId: string | null) {
    return {
      betId,
      nonce: Number(round.nonce),
      serverSeedHash: round.server_seed_hash,
      clientSeed: round.client_seed,
      currency: round.currency,
    };
  }
}

/** How a run that a guess lost ends: its stake is lost, nothing is paid. */
function lostRun(round: RoundRow<HiloState>, state: HiloState): RoundEnding<HiloState> {
  return { state, staked: BigInt(round.stake), payout: 0n, multiplier: '0' };
}

/** How the run ends if cashed out now (bet × multiplier); null when it has no correct guess yet. */
function cashedRun(round: RoundRow<HiloState>): RoundEnding<HiloState> | null {
  const r = hiloCashout(round.state);
  if (!r.ok) return null;
  const stake = BigInt(round.stake);
  return {
    state: r.state,
    staked: stake,
    payout: settledPayout(round.currency, stake, r.multiplier),
    multiplier: multiplierText(r.multiplier),
  };
}
