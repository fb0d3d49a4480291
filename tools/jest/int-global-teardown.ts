import { Client } from 'pg';

export default async function teardown(): Promise<void> {
  const db = globalThis.__INT_DB__;
  if (!db) return;
  const admin = new Client({ connectionString: db.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
  await admin.end();
  await db.stopChain?.();
  await db.stop?.();
}
