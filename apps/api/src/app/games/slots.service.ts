import { Inject, Injectable } from '@nestjs/common';
import { fairStream, settledPayout, playSlots, SLOTS_MODEL, toNumber, type SlotsSpin } from '@cosmic/game-engine';
import type { Currency } from '@cosmic/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { ConflictError, DomainError } from '../common/domain-error';
import { toJson } from '../common/json';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { InsufficientBalanceError } from '../settlement/settlement-errors';
import { multiplierText } from './multiplier';
import { nodeHmac } from '../common/node-hmac';
import { RoundsRepository, type RoundRow } from './rounds.repository';
import { RoundOpener, type RoundToOpen } from './round-open';
import { RoundRunner } from './round-runner';
import { needVerified } from './play-session';
import { parseStake } from './stake';
import { BankrollService } from '../bankroll/bankroll.service';
import { InstantBetService } from './instant-bet.service';
import { KnownRounds } from './known-rounds';
import { SeedCache, type ActivePair } from './seed-cache';

const GAME = 'slots';
const EMOJI = new Map(SLOTS_MODEL.symbols.map((s) => [s.id, s.emoji]));

/** The free spins a player holds: they live on the server, never in the client. */
interface FreeSpinsState {
  freeSpinsLeft: number;
  awarded: number;
  source: 'trigger' | 'buy';
  totalWin: string;
}

/** The spec's bonus text when a bonus buy is short of balance. */
class InsufficientForBonusError extends DomainError {
  constructor() {
    super(400, 'Insufficient balance for bonus!', 'INSUFFICIENT_BALANCE');
  }
}

/** The 409 for a bonus buy while free spins are held. */
const BUY_WHILE_HELD = 'Play your free spins before buying more';

/** The 409 for a free spin when none is held. */
const NO_FREE_SPINS = 'No free spins left: this spin would not be free';

/**
 * Cosmic Chaos Slots: each spin (paid or free) uses one nonce of the player's seed stream, all its
 * cascades in one statement or transaction; free spins are held in a game_rounds row, opened by a
 * bonus buy (round_open()) or a paid spin that triggers them, and each played by round_act().
 */
@Injectable()
export class SlotsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly rounds: RoundsRepository,
    private readonly settlement: SettlementService,
    private readonly bankroll: BankrollService,
    private readonly instant: InstantBetService,
    private readonly opener: RoundOpener,
    private readonly runner: RoundRunner,
    private readonly seeds: SeedCache,
    private readonly known: KnownRounds,
  ) {}

  /** A paid spin, or (isFreeSpins) one of the free spins the server holds for the player. */
  async spin(user: SessionUser, body: { betAmount?: unknown; currency?: unknown; isFreeSpins?: boolean }) {
    if (body.isFreeSpins) return this.freeSpin(user);
    const { currency, stake } = parseStake(user, body.currency, body.betAmount, 'betAmount', this.config.betMaxAmina);
    if (currency === 'AMINA') await this.bankroll.assertStakeWithinCap({ game: 'slots' }, stake, 'betAmount');
    const paid = await this.instantSpin(user, currency, stake);
    if (paid) return paid;
    const triggered = await this.triggeringSpin(user, currency, stake);
    if (triggered) return triggered;
    // the key's earlier request may have opened free spins and lost its answer: that spin is answered
    return this.opener.lockedOrReplayed(
      () => this.lockedSpin(user, currency, stake),
      () => this.triggeringSpin(user, currency, stake, 'replay'),
    );
  }

  /**
   * The locked way: a spin played while free spins are held (refused, with how many), or one whose
   * instant bet or opening lost the nonce every try. The pair row-locked first (every bet's lock
   * order), then the round: a concurrent buy or triggering spin has committed its round or not
   * begun. The spin is then written by the same entries as the other ways, in this transaction:
   * place_bet(), or round_open() with the spin as its bet when it awards free spins.
   */
  private lockedSpin(user: SessionUser, currency: Currency, stake: bigint) {
    return this.sql.tx(async (db) => {
      const pair = await this.rounds.lockPair(db, user.userId);
      const held = await this.rounds.lockOpen<FreeSpinsState>(db, user.userId, GAME);
      if (held)
        throw new ConflictError(`You have ${held.state.freeSpinsLeft} free spins to play first (isFreeSpins: true)`);
      const spin = playSlots(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac), {
        mode: 'base',
      });
      const win = settledPayout(currency, stake, spin.multiplier);
      const seeds = { nonce: pair.nonce, serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, currency };
      if (spin.freeSpinsAwarded > 0) {
        const opened = await this.opener.openLocked(
          db,
          user,
          {
            ...this.triggering(currency, stake, () => spin),
            alreadyOpen: 'You have free spins to play first (isFreeSpins: true)',
            deal: () => triggeredSpins(spin.freeSpinsAwarded),
          },
          pair,
        );
        return this.answer(spin, stake, win, {
          ...seeds,
          betId: opened.betId!, // round_open() answers the bet it settled at the opening
          balance: money(opened.balance),
          freeSpinsLeft: spin.freeSpinsAwarded,
          isFreeSpin: false,
        });
      }
      const bet = {
        tokenHash: user.tokenHash,
        userId: user.userId,
        needVerified: needVerified(user, currency),
        currency,
        stake,
        payout: win,
        pairId: pair.pairId,
        nonce: pair.nonce,
        game: GAME,
        multiplier: multiplierText(spin.multiplier),
        outcome: toJson(spinOutcome(spin)),
      };
      const placed = await this.settlement.commit({ kind: 'bet', bet }, { db });
      return this.answer(spin, stake, win, {
        ...seeds,
        betId: placed.betId,
        balance: money(placed.balance),
        freeSpinsLeft: 0,
        isFreeSpin: false,
      });
    }, user.claim);
  }

  /**
   * Nearly every paid spin awards no free spins while the player holds none: an instant bet, placed
   * like a dice roll by place_bet() (with other players' bets in one group-committed statement).
   * Null when it is not one (free spins held, this spin awards some, or no active pair): nothing
   * was written, and the spin's transaction plays it (the same nonce draws the same spin).
   */
  private async instantSpin(user: SessionUser, currency: Currency, stake: bigint) {
    // the pair as the seed cache has it when this process knows the player held no free spins at
    // its nonce (place_bet() accepting the bet there proves none opened since); else read with that check
    let used: ActivePair | null = null;
    const pairOf = async (userId: string) => {
      const cached = await this.seeds.get(userId);
      used = this.known.knownNoneAt(userId, GAME, cached)
        ? cached
        : await this.rounds.pairUnlessOpen(this.sql.pool, userId, GAME);
      return used;
    };
    const bet = await this.instant.placeUnless<SlotsSpin>(
      user,
      GAME,
      currency,
      stake,
      (stream) => {
        const spin = playSlots(stream, { mode: 'base' });
        if (spin.freeSpinsAwarded > 0) return null;
        return { multiplier: spin.multiplier, outcome: spin, stored: spinOutcome(spin) };
      },
      pairOf,
    );
    if (!bet) return null;
    // an instant spin opens no round: still none at the pair's next nonce
    const spun = used as ActivePair | null;
    if (spun) this.known.hadNoneAt(user.userId, GAME, { pairId: spun.pairId, nonce: spun.nonce + 1n });
    return this.answer(bet.outcome, stake, bet.payout, {
      betId: bet.betId,
      nonce: BigInt(bet.nonce),
      serverSeedHash: bet.serverSeedHash,
      clientSeed: bet.clientSeed,
      currency,
      balance: bet.balance,
      freeSpinsLeft: 0,
      isFreeSpin: false,
    });
  }

  /**
   * A paid spin that awards free spins: the round that holds them opened in one statement
   * (round_open(), like a bonus buy), with the spin as the opening's bet at the nonce (its stake
   * debited, its win paid). Null when nothing was written (free spins already held, the spin at the
   * nonce awards none, or the nonce kept moving): the locked way plays it or says why not.
   */
  private async triggeringSpin(user: SessionUser, currency: Currency, stake: bigint, replay?: 'replay') {
    let spin: SlotsSpin | null = null;
    const round: RoundToOpen<FreeSpinsState> = {
      ...this.triggering(currency, stake, () => spin!),
      deal: (stream) => {
        spin = playSlots(stream, { mode: 'base' });
        return spin.freeSpinsAwarded > 0 ? triggeredSpins(spin.freeSpinsAwarded) : null;
      },
      // free spins held: the locked way refuses with how many are left
      alreadyOpen: null,
    };
    const opened = replay ? await this.opener.replay(user, round) : await this.opener.open(user, round);
    if (!opened || !spin) return null;
    const drawn: SlotsSpin = spin;
    const { pair } = opened;
    return this.answer(drawn, stake, settledPayout(currency, stake, drawn.multiplier), {
      betId: await this.rounds.betAt(pair.pairId, pair.nonce),
      nonce: pair.nonce,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      currency,
      balance: money(opened.balance),
      freeSpinsLeft: opened.state.freeSpinsLeft,
      isFreeSpin: false,
    });
  }

  /** The round a paid spin opens when it awards free spins: the spin (`drawn`) is its bet at the nonce. */
  private triggering(currency: Currency, stake: bigint, drawn: () => SlotsSpin) {
    return {
      game: GAME,
      currency,
      stake,
      bet: () => {
        const spin = drawn();
        return {
          amount: stake,
          payout: settledPayout(currency, stake, spin.multiplier),
          multiplier: multiplierText(spin.multiplier),
          outcome: spinOutcome(spin),
          kind: 'bet' as const,
        };
      },
    };
  }

  /**
   * Buys 10 free spins at ×3 for 100× the bet: a round opened in one statement (round_open(), like
   * a hi-lo start) with the purchase as a bet of its own at the nonce; the locked way when that
   * gives way (the nonce kept moving).
   */
  async buyBonus(user: SessionUser, body: { betAmount: unknown; currency: unknown }) {
    const { currency, stake } = parseStake(user, body.currency, body.betAmount, 'betAmount', this.config.betMaxAmina);
    // each bought spin may win up to the per-spin cap on `stake`, like a paid spin
    if (currency === 'AMINA') await this.bankroll.assertStakeWithinCap({ game: 'slots' }, stake, 'betAmount');
    const cost = stake * BigInt(SLOTS_MODEL.buyBonus.cost);
    try {
      const purchase = bonusPurchase(currency, stake, cost);
      const opened = await this.opener.open<FreeSpinsState>(user, purchase);
      if (opened) return this.bought(currency, stake, cost, opened.balance);
      // the locked way (the nonce kept moving): the transaction answers the buy itself, a keyed
      // request storing its answer in it; a second buy (a double click) waits on the pair's lock,
      // then finds the first's round
      return await this.sql.tx(async (db) => {
        const locked = await this.opener.openLocked(db, user, purchase);
        return this.bought(currency, stake, cost, locked.balance);
      }, user.claim);
    } catch (e) {
      if (e instanceof InsufficientBalanceError) throw new InsufficientForBonusError();
      throw e;
    }
  }

  /** The answer to a bonus buy. */
  private bought(currency: Currency, stake: bigint, cost: bigint, balance: bigint) {
    return {
      bonusBought: true,
      cost: money(cost),
      freeSpinsLeft: SLOTS_MODEL.buyBonus.spins,
      freeSpinMultiplier: SLOTS_MODEL.freeSpins.multiplier,
      betAmount: money(stake),
      currency,
      balance: money(balance),
    };
  }

  /** Free spins held for the player (so a reload resumes them). */
  async state(user: SessionUser) {
    const held = await this.sql.tx((db) => this.rounds.lockOpen<FreeSpinsState>(db, user.userId, GAME), user.claim);
    return held
      ? {
          freeSpinsLeft: held.state.freeSpinsLeft,
          betAmount: money(BigInt(held.stake)),
          currency: held.currency,
          // the round keeps base units; the answer is a decimal like every amount
          totalWin: money(BigInt(held.state.totalWin)),
          source: held.state.source,
        }
      : { freeSpinsLeft: 0 };
  }

  /**
   * One of the free spins held for the player: an action on the round that holds them, written by
   * the round runner (round-runner.ts) like a hi-lo guess. It draws at the pair's next nonce and is
   * a bet of its own (staking nothing, its win paid at once); the last one closes the round. It
   * stakes nothing, but it is play: the play guard refuses it like any bet (self-exclusion, the
   * AMINA pause), nothing is written, and the spins wait until play is allowed.
   */
  private freeSpin(user: SessionUser) {
    return this.runner.act<FreeSpinsState, ReturnType<SlotsService['answer']>>(user, {
      game: GAME,
      noRound: NO_FREE_SPINS,
      draws: true,
      move: (round) => {
        if (round.state.freeSpinsLeft <= 0) throw new ConflictError(NO_FREE_SPINS);
        const nonce = BigInt(round.pair_nonce);
        const spin = freeSpinAt(round, nonce);
        const win = settledPayout(round.currency, BigInt(round.stake), spin.multiplier);
        const state: FreeSpinsState = {
          ...round.state,
          freeSpinsLeft: round.state.freeSpinsLeft - 1,
          totalWin: (BigInt(round.state.totalWin) + win).toString(),
        };
        const draw = {
          nonce,
          payout: win,
          multiplier: multiplierText(spin.multiplier),
          outcome: spinOutcome(spin),
          closes: state.freeSpinsLeft === 0,
        };
        return { state, playsOn: true, extra: 0n, end: null, draw };
      },
      answer: (round, move, { betId, balance }) => {
        const draw = move.draw!;
        return this.answer(freeSpinAt(round, draw.nonce), BigInt(round.stake), draw.payout, {
          betId: betId!,
          nonce: draw.nonce,
          serverSeedHash: round.server_seed_hash,
          clientSeed: round.client_seed,
          currency: round.currency,
          balance: money(balance),
          freeSpinsLeft: move.state.freeSpinsLeft,
          isFreeSpin: true,
          bonusTotalWin: money(BigInt(move.state.totalWin)),
        });
      },
    });
  }

  private answer(
    spin: SlotsSpin,
    stake: bigint,
    win: bigint,
    f: {
      betId: string;
      nonce: bigint;
      serverSeedHash: string;
      clientSeed: string;
      currency: Currency;
      /** The balance after the spin, as answered. */
      balance: string;
      freeSpinsLeft: number;
      isFreeSpin: boolean;
      bonusTotalWin?: string;
    },
  ) {
    const emoji = (g: string[]) => g.map((id) => EMOJI.get(id) ?? id);
    return {
      grid: emoji(spin.finalGrid),
      initialGrid: emoji(spin.initialGrid),
      cascades: spin.cascades.map((c) => ({
        grid: emoji(c.grid),
        clusters: c.clusters.map((k) => ({
          symbol: EMOJI.get(k.symbol),
          size: k.size,
          positions: k.positions,
          multiplier: toNumber(k.multiplier),
        })),
        multiplier: toNumber(c.multiplier),
      })),
      clusters: spin.cascades.flatMap((c, step) =>
        c.clusters.map((k) => ({ step, symbol: EMOJI.get(k.symbol), size: k.size, positions: k.positions })),
      ),
      winAmount: money(win),
      isWin: win > 0n,
      multiplier: toNumber(spin.multiplier),
      capped: spin.capped,
      scatters: spin.scatters,
      bonusTriggered: spin.freeSpinsAwarded > 0,
      bonusSpinsAwarded: spin.freeSpinsAwarded,
      freeSpinsLeft: f.freeSpinsLeft,
      isFreeSpin: f.isFreeSpin,
      freeSpinMultiplier: f.isFreeSpin ? SLOTS_MODEL.freeSpins.multiplier : 1,
      bonusTotalWin: f.bonusTotalWin,
      betAmount: money(stake),
      betId: f.betId,
      nonce: Number(f.nonce),
      serverSeedHash: f.serverSeedHash,
      clientSeed: f.clientSeed,
      currency: f.currency,
      balance: f.balance,
    };
  }
}

/** The free spin drawn at `nonce` of the round's pair. */
function freeSpinAt(round: RoundRow<FreeSpinsState>, nonce: bigint): SlotsSpin {
  return playSlots(fairStream(round.server_seed, round.client_seed, Number(nonce), nodeHmac), { mode: 'free' });
}

/** The free spins a paid spin awarded. */
function triggeredSpins(awarded: number): FreeSpinsState {
  return { freeSpinsLeft: awarded, awarded, source: 'trigger', totalWin: '0' };
}

/** The free spins a bonus buy opens. */
function boughtSpins(): FreeSpinsState {
  const spins = SLOTS_MODEL.buyBonus.spins;
  return { freeSpinsLeft: spins, awarded: spins, source: 'buy', totalWin: '0' };
}

/** The round a bonus buy opens: its free spins, the purchase as its bet at the nonce (its cost debited). */
function bonusPurchase(currency: Currency, stake: bigint, cost: bigint) {
  return {
    game: GAME,
    currency,
    stake,
    deal: () => boughtSpins(),
    alreadyOpen: BUY_WHILE_HELD,
    bet: () => ({ amount: cost, payout: 0n, multiplier: '0', outcome: purchaseOutcome(), kind: 'bonus_buy' as const }),
  };
}

/** What a bonus purchase's bet row keeps (its nonce is reserved, its draws are the free spins'). */
function purchaseOutcome() {
  return { mode: 'bonus-buy', spins: SLOTS_MODEL.buyBonus.spins };
}

/** What a spin's bet row keeps: what it drew (its grids and cascades, for the verifier). */
function spinOutcome(spin: SlotsSpin) {
  return {
    mode: spin.mode,
    initialGrid: spin.initialGrid,
    finalGrid: spin.finalGrid,
    scatters: spin.scatters,
    freeSpinsAwarded: spin.freeSpinsAwarded,
    capped: spin.capped,
    cascades: spin.cascades.map((c) => ({
      grid: c.grid,
      clusters: c.clusters.map((k) => ({ symbol: k.symbol, size: k.size, positions: k.positions })),
    })),
  };
}
