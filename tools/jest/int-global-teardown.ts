import { dropDatabase } from '../../apps/api/src/test/fresh-database';

export default async function teardown(): Promise<void> {
  const db = globalThis.__INT_DB__;
  if (!db) return;
  await dropDatabase(db.adminUrl, db.name);
  await db.stopChain?.();
  await db.stop?.();
}
