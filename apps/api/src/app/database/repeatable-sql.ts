import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';

/** One file of live SQL: the whole current definition of one SQL function (all its overloads). */
export interface RepeatableSql {
  /** The function's name, which is the file's name: `settlement/sql/place_bet.sql` → `place_bet`. */
  name: string;
  /** The file, relative to the app's folder, for messages. */
  file: string;
  text: string;
  /** SHA-256 of the text, hex: a changed file is applied again. */
  checksum: string;
}

/** The app's folder: every module's `sql/` folder beside this one holds live SQL. */
const APP_DIR = join(__dirname, '..');

/**
 * Every live SQL file, `<module>/sql/<function>.sql`, in name order. The build copies them next to
 * the compiled code (tools/scripts/copy-sql.mjs), so the same lookup works from source and from dist.
 */
export function repeatableSqlFiles(appDir = APP_DIR): RepeatableSql[] {
  const files: RepeatableSql[] = [];
  for (const module of readdirSync(appDir).sort()) {
    const dir = join(appDir, module, 'sql');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      if (!f.endsWith('.sql')) continue;
      const text = readFileSync(join(dir, f), 'utf8');
      files.push({
        name: f.slice(0, -'.sql'.length),
        file: `${module}/sql/${f}`,
        text,
        checksum: createHash('sha256').update(text).digest('hex'),
      });
    }
  }
  return files;
}

/** The names of the functions a SQL text creates, in order of first appearance. */
export function functionsCreated(text: string): string[] {
  const names = [...text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?(\w+)\s*\(/gi)].map((m) =>
    m[1].toLowerCase(),
  );
  return [...new Set(names)];
}

/** Runs one statement and answers its rows: TypeORM's `QueryRunner.query`, or pg's `Client.query(…).rows`. */
export type RunSql = (text: string, params?: unknown[]) => Promise<Array<Record<string, string>>>;

const OVERLOADS = `SELECT p.oid::regprocedure::text AS signature, p.ctid::text AS version
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND p.proname = $1`;

/**
 * Applies one live SQL file in the caller's transaction, so that the database ends with exactly
 * the overloads the file declares. Its `CREATE OR REPLACE` runs first; when PostgreSQL refuses to
 * replace in place (42P13: a changed return type, a renamed parameter), every overload of the
 * function is dropped and the file runs again. Then an overload the file did not write (its
 * `pg_proc` row is the version it was before: a signature the file no longer declares) is dropped.
 * A drop is never CASCADE: an object that depends on the function (an index, a view) fails the
 * step and names itself, rather than disappearing.
 */
export async function replaceFunction(run: RunSql, f: Pick<RepeatableSql, 'name' | 'text'>): Promise<void> {
  const before = await run(OVERLOADS, [f.name]);
  await run('SAVEPOINT live_sql');
  try {
    await run(f.text);
  } catch (e) {
    const { code, driverError } = e as { code?: string; driverError?: { code?: string } };
    if ((code ?? driverError?.code) !== '42P13') throw e;
    await run('ROLLBACK TO SAVEPOINT live_sql');
    for (const o of before) await run(`DROP FUNCTION ${o.signature}`);
    await run(f.text);
  }
  await run('RELEASE SAVEPOINT live_sql');
  const untouched = new Set(before.map((o) => `${o.signature} ${o.version}`));
  for (const o of await run(OVERLOADS, [f.name]))
    if (untouched.has(`${o.signature} ${o.version}`)) await run(`DROP FUNCTION ${o.signature}`);
}

/**
 * The repeatable step (the idea of Flyway's `R__` migrations): after the versioned migrations, each
 * live SQL file whose checksum differs from the one recorded in `repeatable_sql` is applied and its
 * checksum recorded, all in one transaction under an advisory lock, so instances starting together
 * apply it once. A changed file is applied by {@link replaceFunction}, so it may change its
 * function's arguments or return type without a versioned migration; a file that fails leaves the
 * old function, since nothing commits.
 * Answers the names applied.
 */
export async function applyRepeatableSql(ds: DataSource, files = repeatableSqlFiles()): Promise<string[]> {
  for (const f of files) {
    const created = functionsCreated(f.text);
    if (created.length !== 1 || created[0] !== f.name)
      throw new Error(
        `${f.file} must create exactly the function ${f.name}() (it creates ${created.join(', ') || 'none'})`,
      );
  }
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.startTransaction();
    await qr.query(`SELECT pg_advisory_xact_lock(hashtext('repeatable_sql'))`);
    const rows: Array<{ name: string; checksum: string }> = await qr.query(`SELECT name, checksum FROM repeatable_sql`);
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const changed = files.filter((f) => applied.get(f.name) !== f.checksum);
    for (const f of changed) {
      await replaceFunction((text, params) => qr.query(text, params), f);
      await qr.query(
        `INSERT INTO repeatable_sql (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [f.name, f.checksum],
      );
    }
    await qr.commitTransaction();
    return changed.map((f) => f.name);
  } catch (e) {
    if (qr.isTransactionActive) await qr.rollbackTransaction();
    throw e;
  } finally {
    await qr.release();
  }
}

/** Versioned migrations, then the repeatable step: every way this app migrates a database. */
export async function migrate(ds: DataSource): Promise<void> {
  await ds.runMigrations();
  await applyRepeatableSql(ds);
}
