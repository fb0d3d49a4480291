import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../app/database/data-source-options';
import { migrate } from '../app/database/repeatable-sql';

/** A statement on the server's maintenance connection (`serverUrl`'s own database). */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Drops the database `name` on the server of `serverUrl`, closing any connection still open to it. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * Creates the database `name` on the server of `serverUrl` and migrates it as the API migrates
 * (versioned migrations, then the live SQL files: database/repeatable-sql.ts). Answers its URL and
 * how to drop it. The one create-and-migrate of the tests: the integration run's database
 * (tools/jest/int-global-setup.ts) and a suite's own (test/int-app.ts, freshIntDatabase).
 */
export async function createMigratedDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const ds = new DataSource(dataSourceOptions(url.toString()));
  await ds.initialize();
  try {
    await migrate(ds);
  } finally {
    await ds.destroy();
  }
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}
