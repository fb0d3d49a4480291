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
import { SettlementService } from '../settlement/settlement.service';
import { GameEngineRefusal } from './engine-refusal';
import { multiplierText } from './multiplier';
import { nodeHmac } from '../common/node-hmac';
import { RoundRow, RoundsRepository } from './rounds.repository';
import { parseStake } from './stake';
import { RoundOpener, type OpenedRound } from './round-open';
import { RoundRunner, type RoundActed, type RoundEnding, type RoundMove } from './round-runner';
import type { HiloGuessBody, HiloStartBody } from './dto';

const GAME = 'hilo';
const ALREADY_OPEN = 'You already have a Hi-Lo game in progress: guess or cash out first';
const NO_RUN = 'No Hi-Lo game in progress: start one first';

function cardDto(c: Card) {
  return { rank: c.rank, suit: c.suit, label: cardLabel(c) };
}

/** Cosmic Hi-Lo: the run lives in a game_rounds row; each guess or cash-out is one round_act() on it. */
@Injectable()
export class HiloService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly rounds: RoundsRepository,
    private readonly settlement: SettlementService,
    private readonly bankroll: BankrollService,
    private readonly opener: RoundOpener,
    private readonly runner: RoundRunner,
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
      const round = { game: GAME, currency, stake, deal: hiloStart, alreadyOpen: ALREADY_OPEN };
      return this.started(await this.opener.openLocked(db, user, round), stake, currency);
    }, user.claim);
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
   * Higher or lower; a wrong or equal card ends (and settles) the run. A guess plays on: the play
   * guard refuses it as it refuses a bet. Written by the round runner (round-runner.ts).
   */
  guess(user: SessionUser, body: HiloGuessBody) {
    return this.runner.act<HiloState, ReturnType<HiloService['wentOn']> | ReturnType<HiloService['lost']>>(user, {
      game: GAME,
      noRound: NO_RUN,
      move: async (round) => {
        await this.assertWithinCap(round, body.direction);
        const r = hiloGuess(round.state, body.direction, this.stream(round));
        if (!r.ok) throw new GameEngineRefusal(r.error);
        const end = r.state.status === 'lost' ? lostRun(round, r.state) : null;
        return { state: r.state, playsOn: true, extra: 0n, end };
      },
      answer: (round, move, acted) => (move.end ? this.lost(round, move.state, acted) : this.wentOn(round, move.state)),
    });
  }

  /** The answer to a losing guess: the run is over and settled. */
  private lost(round: RoundRow<HiloState>, state: HiloState, { betId, balance }: RoundActed) {
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
   * Pays bet × multiplier (only after at least one correct guess); a client streak is ignored. A
   * cash-out takes no new risk: it is paid whatever the play guard says (README, responsible
   * gaming). Written by the round runner (round-runner.ts).
   */
  cashout(user: SessionUser) {
    return this.runner.act<HiloState, ReturnType<HiloService['cashed']>>(user, {
      game: GAME,
      noRound: NO_RUN,
      move: (round) => {
        const end = cashedRun(round);
        if (!end) throw new ConflictError('Cash out needs at least one correct guess');
        return { state: end.state, playsOn: false, extra: 0n, end };
      },
      answer: (round, move, acted) => this.cashed(round, move, acted),
    });
  }

  /** The answer to a cashout: the run is over and paid. */
  private cashed(round: RoundRow<HiloState>, move: RoundMove<HiloState>, { betId, balance }: RoundActed) {
    return {
      ...this.view(move.state, BigInt(round.stake), round.currency),
      gameOver: true,
      winAmount: money(move.end?.payout ?? 0n),
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
    const round = await this.sql.tx((db) => this.rounds.lockOpen<HiloState>(db, user.userId, GAME), user.claim);
    if (!round) return { active: false as const };
    return {
      active: true as const,
      ...this.view(round.state, BigInt(round.stake), round.currency),
      ...this.fairness(round, null),
    };
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
