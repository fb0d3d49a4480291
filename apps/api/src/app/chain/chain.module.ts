import { Global, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { CHAIN_STATUS } from '../health/health.service';
import { CHAIN_GATEWAY_CONFIG, ChainGatewayConfig } from './chain.config';
import { ChainConfigError } from './chain.errors';
import { ChainGateway } from './chain.gateway';

/** Builds the gateway's settings from the validated app configuration. */
export function gatewayConfig(config: AppConfig): ChainGatewayConfig {
  const c = config.chain;
  if (!c.algodUrl || !c.indexerUrl || c.assetId === undefined || !c.houseAddress) {
    throw new ChainConfigError('ALGOD_URL', 'chain configuration is incomplete: ALGOD_URL, INDEXER_URL, AMINA_ASSET_ID and HOUSE_ADDRESS are needed');
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

/** The API's only way to the chain: algosdk's Algodv2 and Indexer clients behind ChainGateway. */
@Global()
@Module({
  providers: [
    { provide: CHAIN_GATEWAY_CONFIG, inject: [APP_CONFIG], useFactory: gatewayConfig },
    ChainGateway,
    { provide: CHAIN_STATUS, useExisting: ChainGateway },
  ],
  exports: [ChainGateway, CHAIN_STATUS],
})
export class ChainModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Chain');

  constructor(private readonly gateway: ChainGateway) {}

  /** Refuses to start when the chain's AMINA differs from configuration; a node that is down only degrades health. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const asset = await this.gateway.checkAsset();
      this.logger.log({ msg: 'AMINA asset checked', assetId: String(asset.id), decimals: asset.decimals, unit: asset.unitName });
    } catch (e) {
      if (e instanceof ChainConfigError) throw e;
      this.logger.warn({ msg: 'chain unreachable at boot; continuing degraded', error: (e as Error).message });
    }
  }
}
