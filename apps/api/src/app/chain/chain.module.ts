import { Global, Inject, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { CHAIN_STATUS } from '../health/health.service';
import { ChainBootState, checkChainAtBoot } from './chain-boot-check';
import { ALGORAND_CLIENT_CONFIG, AlgorandClientConfig } from './chain.config';
import { ChainConfigError } from './chain.errors';
import { AlgorandClient } from './algorand.client';

/** Builds the Algorand client's settings from the validated app configuration. */
export function algorandClientConfig(config: AppConfig): AlgorandClientConfig {
  const c = config.chain;
  if (!c.algodUrl || !c.indexerUrl || c.assetId === undefined || !c.houseAddress) {
    throw new ChainConfigError(
      'ALGOD_URL',
      'chain configuration is incomplete: ALGOD_URL, INDEXER_URL, AMINA_ASSET_ID and HOUSE_ADDRESS are needed',
    );
  }
  return {
    algodUrl: c.algodUrl,
    algodToken: c.algodToken,
    indexerUrl: c.indexerUrl,
    indexerToken: c.indexerToken,
    assetId: c.assetId,
    assetDecimals: c.assetDecimals,
    assetUnit: c.assetUnit,
    network: c.network,
    houseAddress: c.houseAddress,
    houseMnemonic: c.houseMnemonic,
  };
}

/** The API's only way to the chain: algosdk's Algodv2 and Indexer clients behind AlgorandClient. */
@Global()
@Module({
  providers: [
    { provide: ALGORAND_CLIENT_CONFIG, inject: [APP_CONFIG], useFactory: algorandClientConfig },
    AlgorandClient,
    ChainBootState,
    { provide: CHAIN_STATUS, useExisting: AlgorandClient },
  ],
  exports: [AlgorandClient, CHAIN_STATUS, ChainBootState],
})
export class ChainModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Chain');

  constructor(
    private readonly client: AlgorandClient,
    private readonly state: ChainBootState,
    @Inject(ALGORAND_CLIENT_CONFIG) private readonly config: AlgorandClientConfig,
  ) {}

  /**
   * Refuses to start when the node serves another network, AMINA differs from configuration or
   * HOUSE_MNEMONIC does not sign for HOUSE_ADDRESS; waits (retrying) while the node does not answer.
   */
  async onApplicationBootstrap(): Promise<void> {
    const report = await checkChainAtBoot(this.client, {
      network: this.config.network,
      canSign: this.config.houseMnemonic !== undefined,
      onRetry: (attempt, delayMs, error) =>
        this.logger.warn({
          msg: 'algod did not answer the boot checks; asking again',
          attempt,
          retryInMs: delayMs,
          error: error.message,
        }),
    });
    this.state.report = report;
    this.logger.log({
      msg: 'chain checked',
      network: report.network,
      genesisId: report.genesisId,
      assetId: report.asset.id,
      decimals: report.asset.decimals,
      unit: report.asset.unit,
      houseKey: report.houseKey,
    });
  }
}
