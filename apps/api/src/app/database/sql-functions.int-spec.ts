import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import {
  applyRepeatableSql,
  functionsCreated,
  replaceFunction,
  repeatableSqlFiles,
  type RunSql,
} from './repeatable-sql';
import { intDatabaseUrl } from '../../test/int-app';

// Live SQL declared once: each function of the database has one file (`<module>/sql/<name>.sql`),
// the repeatable step applies a file when its checksum changes, and the migrated database is equal
// to the files. Drift (a function changed by a migration, or by hand, and not in its file) fails here.

describe('live SQL functions: one file each, and the database equal to them', () => {
  const files = repeatableSqlFiles();
  let db: Client;
  const run: RunSql = async (text, params) => (await db.query<Record<string, string>>(text, params)).rows;

  beforeAll(async () => {
    db = new Client({ connectionString: intDatabaseUrl() });
    await db.connect();
  });
  afterAll(() => db.end());

  /** Every overload of a function as PostgreSQL prints it back. */
  async function definitions(name: string): Promise<string[]> {
    const { rows } = await db.query<{ def: string }>(
      `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.proname = $1 ORDER BY pg_get_function_identity_arguments(p.oid)`,
      [name],
    );
    return rows.map((r) => r.def);
  }

  /**
   * The files whose function differs in the database: each file is applied inside a savepoint as
   * the repeatable step applies it (replaceFunction) and the definitions
   * compared before and after; the savepoint is rolled back, so nothing changes.
   */
  async function drift(): Promise<string[]> {
    const differ: string[] = [];
    for (const f of files) {
      await db.query('SAVEPOINT drift');
      const before = await definitions(f.name);
      await replaceFunction(run, f);
      const after = await definitions(f.name);
      await db.query('ROLLBACK TO SAVEPOINT drift');
      if (before.length !== after.length || before.some((d, i) => d !== after[i])) differ.push(f.file);
    }
    return differ;
  }

  it('every function in the migrated database has exactly one file, and every file one function named like it', async () => {
    const { rows } = await db.query<{ name: string }>(
      `SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['check_play_allowed', 'place_bet', 'round_act']));
    expect(files.map((f) => f.name).sort()).toEqual(rows.map((r) => r.name));
    for (const f of files)
      expect({ file: f.file, creates: functionsCreated(f.text) }).toEqual({ file: f.file, creates: [f.name] });
    expect(files.find((f) => f.name === 'place_bet')?.file).toBe('settlement/sql/place_bet.sql');
  });

  it('the migrated database equals every file: no drift', async () => {
    await db.query('BEGIN');
    try {
      expect(await drift()).toEqual([]);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('a function changed outside its file is drift, and the check names its file', async () => {
    await db.query('BEGIN');
    try {
      await db.query(`CREATE OR REPLACE FUNCTION public.array_pick(p anyarray, p_at integer[]) RETURNS anyarray
        LANGUAGE sql IMMUTABLE AS $$ SELECT p $$`);
      expect(await drift()).toEqual(['settlement/sql/array_pick.sql']);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('an overload the file no longer declares is drift too', async () => {
    await db.query('BEGIN');
    try {
      await db.query(
        `CREATE FUNCTION public.array_pick(p anyarray) RETURNS anyarray LANGUAGE sql IMMUTABLE AS $$ SELECT p $$`,
      );
      expect(await drift()).toEqual(['settlement/sql/array_pick.sql']);
    } finally {
      await db.query('ROLLBACK');
    }
  });

  it('the repeatable step replaces a function whose return type or arguments changed, drops the overloads its file no longer declares, and keeps the old one when the file fails', async () => {
    const file = files.find((f) => f.name === 'array_pick');
    if (!file) throw new Error('settlement/sql/array_pick.sql is missing');
    const ds = new DataSource(dataSourceOptions(intDatabaseUrl(), { extra: { max: 1 } }));
    await ds.initialize();
    try {
      const live = await definitions('array_pick');
      // as an older version might have left it: another return type (CREATE OR REPLACE cannot change
      // it in place) and an overload the file does not declare
      await db.query('BEGIN');
      await db.query('DROP FUNCTION public.array_pick(anyarray, integer[])');
      await db.query(`CREATE FUNCTION public.array_pick(p anyarray, p_at integer[]) RETURNS text
        LANGUAGE sql IMMUTABLE AS $$ SELECT 'old' $$`);
      await db.query(
        `CREATE FUNCTION public.array_pick(p anyarray) RETURNS anyarray LANGUAGE sql IMMUTABLE AS $$ SELECT p $$`,
      );
      await db.query(`UPDATE repeatable_sql SET checksum = 'stale' WHERE name = 'array_pick'`);
      await db.query('COMMIT');
      const old = await definitions('array_pick');
      expect(old).toHaveLength(2);

      // a file that fails changes nothing: the old forms stay, the checksum stays stale
      const broken = {
        ...file,
        text: `${file.text}
SELECT no_such_column FROM repeatable_sql;`,
      };
      await expect(applyRepeatableSql(ds, [broken])).rejects.toThrow('no_such_column');
      expect(await definitions('array_pick')).toEqual(old);

      expect(await applyRepeatableSql(ds, [file])).toEqual(['array_pick']);
      expect(await definitions('array_pick')).toEqual(live);
      const { rows } = await db.query<{ picked: number[] }>(
        `SELECT array_pick(ARRAY[10, 20, 30], ARRAY[3, 1]) AS picked`,
      );
      expect(rows[0].picked).toEqual([30, 10]);
      expect((await db.query(`SELECT checksum FROM repeatable_sql WHERE name = 'array_pick'`)).rows).toEqual([
        { checksum: file.checksum },
      ]);
    } finally {
      // whatever happened above, the database ends equal to the file
      await db.query('ROLLBACK'); // only warns outside a transaction
      await db.query('BEGIN');
      await replaceFunction(run, file);
      await db.query(`UPDATE repeatable_sql SET checksum = $1 WHERE name = 'array_pick'`, [file.checksum]);
      await db.query('COMMIT');
      await ds.destroy();
    }
  });

  it('the repeatable step recorded every file, applies one again only when its checksum changes, then records it', async () => {
    const recorded = await db.query<{ name: string; checksum: string }>(
      `SELECT name, checksum FROM repeatable_sql ORDER BY name`,
    );
    expect(recorded.rows).toEqual(
      files.map((f) => ({ name: f.name, checksum: f.checksum })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    const ds = new DataSource(dataSourceOptions(intDatabaseUrl(), { extra: { max: 1 } }));
    await ds.initialize();
    try {
      expect(await applyRepeatableSql(ds)).toEqual([]);
      await db.query(`UPDATE repeatable_sql SET checksum = 'stale' WHERE name IN ('array_pick', 'round_act')`);
      expect(await applyRepeatableSql(ds)).toEqual(['array_pick', 'round_act']);
      expect(await applyRepeatableSql(ds)).toEqual([]);
      // a file must create the function it is named after, and nothing else
      const bad = {
        ...files[0],
        text: `${files[0].text}\nCREATE FUNCTION public.stray() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;`,
      };
      await expect(applyRepeatableSql(ds, [bad])).rejects.toThrow(
        `${bad.file} must create exactly the function ${bad.name}() (it creates ${bad.name}, stray)`,
      );
    } finally {
      await ds.destroy();
    }
  });
});
