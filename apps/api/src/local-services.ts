import type { LoggerService } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { AppConfig, ChainConfig } from './app/config/app-config';
import { startEmbeddedPostgres } from './app/database/embedded-postgres';
import { hashPassword } from './app/common/password-hash';

/** The database URL and chain settings actually in use, and how to stop what was started here. */
export interface LocalServices {
  databaseUrl: string;
  chain: ChainConfig;
  devWallets?: AppConfig['devWallets'];
  /** Dashboard password hashes generated for this run when none were configured. */
  security?: Pick<AppConfig, 'operatorPasswordHash' | 'vaultPasswordHash' | 'securityPasswordsGenerated'>;
  stop(): Promise<void>;
}

/**
 * Outside production, a missing dashboard password hash is replaced by a random password made
 * for this run, printed once (like the devnet banner) and kept only as its scrypt hash.
 */
export async function localSecurityPasswords(config: AppConfig): Promise<LocalServices['security']> {
  if (config.nodeEnv === 'production' || (config.operatorPasswordHash && config.vaultPasswordHash)) return undefined;
  const make = async (configured?: string) => {
    if (configured) return { hash: configured, password: undefined };
    const password = randomBytes(12).toString('base64url');
    return { hash: await hashPassword(password), password };
  };
  const [operator, vault] = await Promise.all([make(config.operatorPasswordHash), make(config.vaultPasswordHash)]);
  if (config.nodeEnv !== 'test') {
    const lines = [
      'Security dashboard (/security): passwords generated for this run only',
      operator.password && `  operator password  ${operator.password}`,
      vault.password && `  vault password     ${vault.password}`,
      '  Choose your own: OPERATOR_PASSWORD_HASH / VAULT_PASSWORD_HASH from `npm run hash-password -- <password>`',
    ];
    process.stdout.write(`\n${lines.filter(Boolean).join('\n')}\n\n`);
  }
  return { operatorPasswordHash: operator.hash, vaultPasswordHash: vault.hash, securityPasswordsGenerated: true };
}

/**
 * The default local run needs nothing installed: with no DATABASE_URL an embedded PostgreSQL
 * starts under DATA_DIR, and with no ALGOD_URL the in-repo Algorand devnet starts in-process.
 */
export async function startLocalServices(config: AppConfig, logger: LoggerService): Promise<LocalServices> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        database: 'cosmic',
        // extra server settings, `name=value` separated by spaces: what `npm run bench -- mixed` measures with
        settings: (process.env['EMBEDDED_PG_SETTINGS'] ?? '').split(/\s+/).filter(Boolean),
        log: (line) => logger.debug?.(line, 'EmbeddedPostgres'),
      });
      stops.push(pg.stop);
      databaseUrl = pg.socketUrl ?? pg.url;
      logger.log(
        { msg: 'embedded PostgreSQL started', port: config.embeddedPgPort, dataDir: join(config.dataDir, 'pg') },
        'LocalServices',
      );
    }
    let chain = config.chain;
    let devWallets: AppConfig['devWallets'];
    if (chain.embeddedDevnet) {
      const { startDevnet, formatBanner } = await import('@cosmic/devnet');
      const devnet = await startDevnet({
        algodPort: chain.devnetAlgodPort,
        indexerPort: chain.devnetIndexerPort,
        host: '127.0.0.1',
        token: chain.algodToken,
        dataDir: join(config.dataDir, 'devnet'),
      });
      stops.push(() => devnet.close());
      // Demo keys of a local test chain, printed so a newcomer can sign like a real wallet.
      if (config.nodeEnv !== 'test')
        process.stdout.write(`\n${formatBanner(devnet, join(config.dataDir, 'devnet'))}\n\n`);
      const info = devnet.info();
      devWallets = devnet
        .wallets()
        .map((w) => ({ address: w.address, mnemonic: w.mnemonic, label: w.label, optedIn: w.optedIn }));
      chain = {
        ...chain,
        algodUrl: devnet.algodUrl,
        indexerUrl: devnet.indexerUrl,
        assetId: BigInt(info.assetId),
        houseAddress: info.house.address,
        houseMnemonic: info.house.mnemonic,
        network: 'devnet',
      };
      logger.log(
        {
          msg: 'Algorand devnet started',
          algod: devnet.algodUrl,
          indexer: devnet.indexerUrl,
          assetId: String(info.assetId),
        },
        'LocalServices',
      );
    }
    const security = await localSecurityPasswords(config);
    return { databaseUrl, chain, devWallets, security, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
