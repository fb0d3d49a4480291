import { Inject, Injectable } from '@nestjs/common';
import {
  AMINA_MIN_BET,
  type BalanceResponse,
  type BettingLimitsResponse,
  type HouseInfoResponse,
  type VerifyWalletResponse,
} from '@cosmic/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { AlgorandClient } from '../chain/algorand.client';
import type { SessionUser } from '../auth/session.service';
import { BankrollService, type CappedBet } from '../bankroll/bankroll.service';
import { BASE_UNITS_PER_COIN, DICE_BETS, PLINKO_RISKS } from '@cosmic/game-engine';

/** Mainnet's chain id, shown in house info. */
const MAINNET_CHAIN_ID = 416001;

/** Casino balances with the wallet's chain state, betting limits and the house's facts. */
@Injectable()
export class WalletService {
  private houseInfoCache?: { at: number; value: HouseInfoResponse };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlService,
    private readonly settlement: SettlementService,
    private readonly chain: AlgorandClient,
    private readonly bankroll: BankrollService,
  ) {}

  async verifyWallet(user: SessionUser): Promise<VerifyWalletResponse> {
    const b = await this.settlement.balances(this.sql.pool, user.userId);
    const optedIn = user.isGuest ? false : (await this.chain.assetHolding(user.walletAddress)).optedIn;
    return { balances: { AMINA: money(b.AMINA), HC: money(b.HC) }, optedIn };
  }

  async balance(user: SessionUser): Promise<BalanceResponse> {
    const b = await this.settlement.balances(this.sql.pool, user.userId);
    let chainAmina: string | null = null;
    if (!user.isGuest) {
      // the chain being down must not hide the casino balance
      chainAmina = await this.chain.assetHolding(user.walletAddress).then(
        (h) => money(h.amount),
        () => null,
      );
    }
    return {
      walletAddress: user.walletAddress,
      balance: money(b.AMINA),
      balances: { AMINA: money(b.AMINA), HC: money(b.HC) },
      chainAmina,
    };
  }

  /** The AMINA limits: the configured range, the bankroll's cap on one bet's win, and each game's max stake under it. */
  async limits(): Promise<BettingLimitsResponse> {
    const base = { min: money(AMINA_MIN_BET), max: this.config.betMaxAmina };
    const bets: Array<[string, CappedBet]> = [
      ...DICE_BETS.map((betType): [string, CappedBet] => [`dice:${betType}`, { game: 'dice', betType }]),
      ...PLINKO_RISKS.map((risk): [string, CappedBet] => [`plinko:${risk}`, { game: 'plinko', risk }]),
      ['slots', { game: 'slots' }],
      ['blackjack', { game: 'blackjack' }],
      ['hilo', { game: 'hilo' }],
    ];
    try {
      const { maxProfit } = await this.bankroll.current();
      const games: Record<string, string> = {};
      for (const [key, bet] of bets) games[key] = money(await this.bankroll.maxStake(bet));
      return { ...base, maxProfit, games };
    } catch {
      return base; // the chain is unreachable: the bets themselves will say so
    }
  }

  /** The house's public facts; read from chain once and cached for 5 minutes. */
  async houseInfo(): Promise<HouseInfoResponse> {
    if (this.houseInfoCache && Date.now() - this.houseInfoCache.at < 300_000) return this.houseInfoCache.value;
    const [asset, params] = await Promise.all([this.chain.checkAsset(), this.chain.suggestedParams()]);
    const id = asset.id.toString();
    const mainnet = this.config.chain.network === 'mainnet';
    const value: HouseInfoResponse = {
      network: mainnet ? 'Algorand' : `Algorand ${this.config.chain.network}`,
      chainId: mainnet ? MAINNET_CHAIN_ID : null,
      assetId: id,
      name: asset.name,
      unit: asset.unitName,
      decimals: asset.decimals,
      totalSupply: money((asset.total * BASE_UNITS_PER_COIN) / 10n ** BigInt(asset.decimals)),
      creator: asset.creator,
      houseAddress: this.config.chain.houseAddress ?? '',
      genesisId: params.genesisID,
      genesisHash: params.genesisHash ? Buffer.from(params.genesisHash).toString('base64') : undefined,
      exchangeLinks: [
        { name: 'Tinyman', url: `https://app.tinyman.org/#/swap?asset_in=0&asset_out=${id}` },
        { name: 'Vestige', url: `https://vestige.fi/asset/${id}` },
      ],
    };
    this.houseInfoCache = { at: Date.now(), value };
    return value;
  }
}
