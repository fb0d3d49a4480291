import { Inject, Injectable, Logger } from '@nestjs/common';
import { paytables, type DiceBet, type PlinkoRisk } from '@cosmic/game-engine';
import type { AminaBankroll } from '@cosmic/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { DomainError, InvalidInputError } from '../common/domain-error';
import { money, parseMoney } from '../common/amount';
import { BankrollRepository } from './bankroll.repository';
import { AlgorandClient } from '../chain/algorand.client';

/** How long a bankroll reading is reused: bets must not each read the chain. */
export const BANKROLL_TTL_MS = 10_000;
const PPM = 1_000_000n;

/** A game (and its variant) whose AMINA bets the bankroll caps. */
export type CappedBet =
  | { game: 'dice'; betType: DiceBet }
  | { game: 'plinko'; risk: PlinkoRisk }
  | { game: 'slots' }
  | { game: 'blackjack' }
  | { game: 'hilo' };

/**
 * The most one bet can win net, per unit staked, from the published paytables (the engine that
 * settles bets): dice and plinko their best multiplier less the stake; slots the per-spin cap
 * (a free spin stakes nothing); blackjack a split with both hands doubled (4× the base bet);
 * hi-lo is open-ended and capped guess by guess instead (`assertPayoutWithinCap`).
 */
export function maxNetWinPerUnit(bet: CappedBet): number | null {
  switch (bet.game) {
    case 'dice':
      return paytables.dice.bets[bet.betType].multiplier - 1;
    case 'plinko':
      return paytables.plinko[bet.risk].maxMultiplier - 1;
    case 'slots':
      return paytables.slots.maxWinCap;
    case 'blackjack':
      return paytables.blackjack.maxWin.multiplier;
    case 'hilo':
      return null;
  }
}

/** The largest stake (base units) whose best net win stays within `maxProfit`. */
export function maxStakeFor(maxProfit: bigint, netPerUnit: number): bigint {
  if (netPerUnit <= 0) return maxProfit > 0n ? maxProfit : 0n;
  const scaled = BigInt(Math.ceil(netPerUnit * 1e6));
  return (maxProfit * PPM) / scaled;
}

/** "0.01" → 10_000 parts per million. */
function toPpm(fraction: string): bigint {
  const [whole, frac = ''] = fraction.split('.');
  return BigInt(whole) * PPM + BigInt((frac + '000000').slice(0, 6));
}

/**
 * The AMINA bankroll: what the house holds on chain (read from the node) less what it owes
 * players (balances and withdrawals in flight). One AMINA bet may win at most
 * AMINA_MAX_PROFIT_FRACTION of it (default 1%, as bustabit caps profit by bankroll): games lower
 * their max bet to fit, and hi-lo refuses a guess that would pass it.
 */
@Injectable()
export class BankrollService {
  private readonly logger = new Logger('Bankroll');
  private cached: { at: number; value: AminaBankroll } | null = null;
  private inflight: Promise<AminaBankroll> | null = null;
  private readonly fractionPpm: bigint;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: BankrollRepository,
    private readonly chain: AlgorandClient,
  ) {
    this.fractionPpm = toPpm(config.aminaMaxProfitFraction);
  }

  /** The bankroll and the cap, read at most every 10 s (the last reading if the node is down). */
  async current(): Promise<AminaBankroll> {
    if (this.cached && Date.now() - this.cached.at < BANKROLL_TTL_MS) return this.cached.value;
    this.inflight ??= this.read().finally(() => (this.inflight = null));
    return this.inflight;
  }

  /** Forgets the cached reading (after a deposit or withdrawal changed the figures, and in tests). */
  invalidate(): void {
    this.cached = null;
  }

  /** The largest AMINA stake for this bet: the configured max, lowered so its best win fits the cap. */
  async maxStake(bet: CappedBet): Promise<bigint> {
    const configured = parseMoney(this.config.betMaxAmina, 'BET_MAX_AMINA');
    const net = maxNetWinPerUnit(bet);
    if (net === null) return configured;
    const fit = maxStakeFor(BigInt((await this.current()).maxProfitUnits), net);
    return fit < configured ? fit : configured;
  }

  /** 400 naming the limit when an AMINA stake's best win could pass the cap. */
  async assertStakeWithinCap(bet: CappedBet, stake: bigint, field: string): Promise<void> {
    const max = await this.maxStake(bet);
    if (stake <= max) return;
    const { maxProfit } = await this.current();
    const what =
      bet.game === 'dice' ? `dice '${bet.betType}'` : bet.game === 'plinko' ? `plinko (${bet.risk} risk)` : bet.game;
    throw new InvalidInputError(
      `${field}: the most you can bet on ${what} right now is ${money(max)} AMINA: one bet may win at most ${maxProfit} AMINA (${this.percent()} of the house bankroll)`,
    );
  }

  /** 409 when an AMINA round's payout would win more than the cap: the player should cash out. */
  async assertPayoutWithinCap(stake: bigint, payout: bigint): Promise<void> {
    const { maxProfit, maxProfitUnits } = await this.current();
    if (payout - stake <= BigInt(maxProfitUnits)) return;
    throw new DomainError(
      409,
      `This guess could win more than the house's cap of ${maxProfit} AMINA for one bet (${this.percent()} of its bankroll): cash out instead`,
      'BANKROLL_CAP',
    );
  }

  private percent(): string {
    return `${Number(this.fractionPpm) / 10_000}%`;
  }

  private async read(): Promise<AminaBankroll> {
    try {
      const holding = await this.chain.assetHolding(this.chain.house);
      const { liabilities, inFlight } = await this.repo.owed();
      const owed = liabilities + inFlight;
      const bankroll = holding.amount - owed;
      const maxProfit = bankroll > 0n ? (bankroll * this.fractionPpm) / PPM : 0n;
      const value: AminaBankroll = {
        houseOnChain: money(holding.amount),
        owedToPlayers: money(owed),
        bankroll: bankroll < 0n ? `-${money(-bankroll)}` : money(bankroll),
        maxProfitFraction: this.config.aminaMaxProfitFraction,
        maxProfit: money(maxProfit),
        maxProfitUnits: maxProfit.toString(),
        at: new Date().toISOString(),
      };
      this.cached = { at: Date.now(), value };
      return value;
    } catch (e) {
      if (this.cached) {
        this.logger.warn({ msg: 'bankroll read failed; keeping the last reading', err: String(e) });
        return this.cached.value;
      }
      throw new DomainError(
        503,
        'AMINA betting is unavailable for a moment: the house bankroll cannot be read from the chain',
        'BANKROLL_UNKNOWN',
      );
    }
  }
}
