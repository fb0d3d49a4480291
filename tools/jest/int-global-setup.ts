// Integration tests get a fresh database on a real PostgreSQL: the server named by
// TEST_DATABASE_URL or DATABASE_URL, else an embedded one started here. Migrations are applied,
// then the live SQL files, as the API does at start (apps/api/src/test/fresh-database.ts).
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../apps/api/src/app/database/embedded-postgres';
import { createMigratedDatabase } from '../../apps/api/src/test/fresh-database';
import { startDevnet } from '../../libs/devnet/src';

declare global {
  var __INT_DB__:
    | { adminUrl: string; name: string; stop?: () => Promise<void>; stopChain?: () => Promise<void> }
    | undefined;
}

export default async function setup(): Promise<void> {
  let baseUrl = process.env['TEST_DATABASE_URL'] || process.env['DATABASE_URL'];
  let stop: (() => Promise<void>) | undefined;
  if (!baseUrl) {
    const pg = await startEmbeddedPostgres({
      dataDir: join(__dirname, '../../tmp/int-pg'),
      port: Number(process.env['INT_PG_PORT'] ?? 54380),
      database: 'postgres',
    });
    baseUrl = pg.url;
    stop = pg.stop;
  }
  const name = `cosmic_it_${process.pid}_${Date.now()}`;
  const { url } = await createMigratedDatabase(baseUrl, name);

  // A real devnet for the Algorand client: the same HTTP APIs the API uses in production.
  const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, waitTimeoutMs: 200 });
  const info = devnet.info();
  process.env['INT_DATABASE_URL'] = url;
  process.env['INT_CHAIN'] = JSON.stringify({
    algodUrl: devnet.algodUrl,
    indexerUrl: devnet.indexerUrl,
    token: devnet.token,
    assetId: String(info.assetId),
    houseAddress: info.house.address,
    houseMnemonic: info.house.mnemonic,
    dispenserMnemonic: info.dispenser.mnemonic,
    wallets: devnet.wallets(),
  });
  globalThis.__INT_DB__ = { adminUrl: baseUrl, name, stop, stopChain: () => devnet.close() };
}
