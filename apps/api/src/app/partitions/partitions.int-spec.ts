import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { verify } from '@cosmic/game-engine';
import type { AppConfig } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source-options';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS } from '../jobs/advisory-lock';
import { FindingsService } from '../security/findings.service';
import { Auditor } from '../security/personas/auditor';
import { AuditorRepository } from '../security/personas/auditor.repository';
import { intDatabaseUrl } from '../../test/int-app';
import { PartitionsRepository } from './partitions.repository';
import { CHECKPOINT_GRACE_SECONDS, PartitionsService } from './partitions.service';

// Issue 28 part 2: the partition job (weeks ahead, checkpoints of ended weeks, retention with
// export) and the auditor across partitions, on a database of their own holding six weeks of bets.

const U = 100_000_000n;
const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const WEEK_MS = 7 * 86_400_000;

describe('weekly partitions of bets and ledger: job, checkpoints, retention and the auditor (real PostgreSQL)', () => {
  const name = `cosmic_pj_${process.pid}_${Date.now()}`;
  const url = new URL(intDatabaseUrl());
  const admin = new URL(intDatabaseUrl());
  admin.pathname = '/postgres';
  url.pathname = `/${name}`;
  let sql: SqlService;
  let dataDir: string;
  const players: Array<{ id: string; pair: string; seed: string; nonce: number }> = [];

  const config = (betRetentionDays: number | null) => ({ jobsEnabled: true, betRetentionDays, dataDir }) as AppConfig;
  const job = (betRetentionDays: number | null = null) =>
    new PartitionsService(config(betRetentionDays), sql, new PartitionsRepository(sql));
  const findings = new FindingsService();
  const auditorRepo = () => new AuditorRepository(sql);

  /** A ledger row `ago` in the past, with the balance moved as the API would. */
  const move = async (user: string, delta: bigint, kind: string, ref: string, ago: string) => {
    const [{ amount }] = await sql.query<{ amount: string }>(
      `UPDATE balances SET amount = amount + $2 WHERE user_id = $1 AND currency = 'HC' RETURNING amount`,
      [user, String(delta)],
    );
    await sql.query(
      `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref, created_at) VALUES ($1, 'HC', $2, $3, $4, $5, now() - $6::interval)`,
      [user, String(delta), amount, kind, ref, ago],
    );
  };
  /** A dice bet settled `ago` in the past from the player's seeds (game-engine's outcome). */
  const bet = async (p: (typeof players)[number], ago: string) => {
    const stake = 10n * U;
    const v = verify('dice', p.seed, 'client', p.nonce, { betType: 'low', stake: String(stake) });
    if (!v.ok) throw new Error(v.error);
    const [{ id }] = await sql.query<{ id: string }>(
      `INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome, created_at) VALUES ($1, 'dice', 'HC', $2, $3, $4, $5, $6, $7, now() - $8::interval) RETURNING id`,
      [
        p.id,
        String(stake),
        v.payout,
        String(v.multiplierValue),
        p.pair,
        p.nonce,
        JSON.stringify({ ...v.outcome, betType: 'low' }),
        ago,
      ],
    );
    p.nonce++;
    await move(p.id, -stake, 'bet', `bet:${id}`, ago);
    if (BigInt(v.payout!) > 0n) await move(p.id, BigInt(v.payout!), 'win', `bet:${id}`, ago);
  };
  const weekOf = async (ago: string) =>
    (
      await sql.query<{ d: string }>(
        `SELECT to_char(date_trunc('week', now() - $1::interval, 'UTC') AT TIME ZONE 'UTC', 'YYYYMMDD') AS d`,
        [ago],
      )
    )[0].d;

  beforeAll(async () => {
    Logger.overrideLogger(['error']); // the findings this suite provokes on purpose
    dataDir = await mkdtemp(join(tmpdir(), 'cosmic-partitions-'));
    const a = new Client({ connectionString: admin.toString() });
    await a.connect();
    await a.query(`CREATE DATABASE ${name}`);
    await a.end();
    const ds = new DataSource(dataSourceOptions(url.toString()));
    await ds.initialize();
    await ds.runMigrations();
    await ds.destroy();
    sql = new SqlService({ databaseUrl: url.toString(), dbPoolMax: 4 });
    await sql.query(`SELECT ensure_week_partitions(now() - interval '6 weeks', now())`);
    for (const w of ['PJ_A', 'PJ_B']) {
      const [{ id }] = await sql.query<{ id: string }>(
        `INSERT INTO users (wallet_address, username, is_guest) VALUES ($1, $1, false) RETURNING id`,
        [w],
      );
      await sql.query(`INSERT INTO balances (user_id, currency, amount) VALUES ($1, 'HC', 0), ($1, 'AMINA', 0)`, [id]);
      const seed = hex(`server ${w}`);
      const [{ id: pair }] = await sql.query<{ id: string }>(
        `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, next_server_seed, next_server_seed_hash) VALUES ($1, $2, $3, 'client', $4, $5) RETURNING id`,
        [id, seed, hex(seed), hex(`next ${w}`), hex(hex(`next ${w}`))],
      );
      players.push({ id, pair, seed, nonce: 0 });
      await move(id, 1000n * U, 'signup', `user:${id}`, '40 days');
      for (const ago of ['33 days', '33 days', '19 days', '5 days', '0 days'])
        await bet(players[players.length - 1], ago);
    }
    // PJ_A's pair has ended (its server seed is revealed); PJ_B's is still active
    await sql.query(`UPDATE seed_pairs SET active = false, revealed_at = now() WHERE id = $1`, [players[0].pair]);
  });
  afterAll(async () => {
    await sql.onModuleDestroy();
    const a = new Client({ connectionString: admin.toString() });
    await a.connect();
    await a.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await a.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the weeks ahead, checkpoints every ended week once with its exact sums, and closes those weeks to writes', async () => {
    const repo = new PartitionsRepository(sql);
    const last = (await repo.attached('bets')).at(-1)!;
    await sql.query(`DROP TABLE bets_w${last.day}`);
    await sql.query(`DROP TABLE ledger_w${last.day}`);

    // a long read of the oldest week (the auditor's first runs on a large history) holds it past
    // the job's 5 s lock timeout: the week is tried again, and every week is checkpointed in this run
    const busy = (await repo.attached('ledger'))[0];
    const reader = new Client({ connectionString: url.toString() });
    await reader.connect();
    await reader.query('BEGIN');
    await reader.query(`LOCK TABLE ledger_w${busy.day} IN ACCESS SHARE MODE`);
    const released = new Promise((r) => setTimeout(r, 6_000)).then(async () => {
      await reader.query('COMMIT');
      await reader.end();
    });
    const tries = jest.spyOn(PartitionsRepository.prototype, 'checkpoint');
    const j = job();
    j.retryPauseMs = 100;
    const report = await j.run();
    await released;
    expect(tries.mock.calls.filter(([w]) => w.day === busy.day)).toHaveLength(2);
    tries.mockRestore();
    expect(report?.created).toBe(2);
    expect((await repo.attached('bets')).at(-1)).toEqual(last);
    const ended = (await repo.attached('ledger'))
      .filter((w) => w.to.getTime() <= Date.now() - CHECKPOINT_GRACE_SECONDS * 1000)
      .map((w) => w.day);
    expect(report?.checkpointed.map((c) => c.week)).toEqual(ended);
    expect(ended).toEqual(
      expect.arrayContaining([await weekOf('40 days'), await weekOf('33 days'), await weekOf('19 days')]),
    );
    // each week's checkpoint is exactly its rows, per player
    const diff = await sql.query(
      `SELECT c.partition, c.user_id FROM ledger_checkpoints c,
         LATERAL (SELECT count(*) AS n, sum(delta) AS s FROM ledger l
                   WHERE 'ledger_w' || to_char(date_trunc('week', l.created_at, 'UTC') AT TIME ZONE 'UTC', 'YYYYMMDD') = c.partition AND l.user_id = c.user_id AND l.currency = c.currency) x
        WHERE x.n <> c.rows OR x.s IS DISTINCT FROM c.delta_sum`,
    );
    expect(diff).toEqual([]);
    const [{ rows }] = await sql.query<{ rows: string }>(`SELECT sum(rows) AS rows FROM ledger_partitions`);
    const [{ n }] = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger WHERE created_at < (SELECT max(to_at) FROM ledger_partitions)`,
    );
    expect(rows).toBe(n);
    // a second run finds nothing left to do
    expect(await job().run()).toEqual({ created: 0, checkpointed: [], archived: [] });
    // an ended week takes no new row, in either table
    const day = await weekOf('19 days');
    await expect(
      sql.query(
        `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, created_at) VALUES ($1, 'HC', 0, 0, 'late', now() - interval '19 days')`,
        [players[0].id],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: `ledger_w${day}_closed` });
    await expect(
      sql.query(`UPDATE ledger SET kind = 'edited' WHERE created_at < now() - interval '19 days'`),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      sql.query(
        `INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome, created_at) VALUES ($1, 'dice', 'HC', 0, 0, '0', $2, 999, '{}', now() - interval '19 days')`,
        [players[0].id, players[0].pair],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: `bets_w${day}_closed` });
  });

  it('runs on one instance at a time (advisory lock)', async () => {
    const holder = new Client({ connectionString: url.toString() });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [JOB_LOCKS.partitions]);
    try {
      expect(await job().run()).toBeUndefined();
    } finally {
      await holder.end();
    }
  });

  it('auditor: balance = checkpointed weeks + open weeks, exactly; it reads rows only from the end of the last checkpointed week', async () => {
    const auditor = new Auditor(sql, auditorRepo(), findings);
    const report = (await auditor.run())!;
    expect(report.ok).toBe(true);
    const [{ mark, weeks }] = await sql.query<{ mark: Date; weeks: string }>(
      `SELECT max(to_at) AS mark, count(*) AS weeks FROM ledger_partitions`,
    );
    expect(report.ledger.weeks).toEqual({ checkpointed: Number(weeks), rowsFrom: mark.toISOString() });
    expect(report.ledger.checked).toBe(4);
    // one base unit off a balance: the mismatch shows the whole ledger's sum, checkpoints included
    const p = players[1];
    const [{ amount, sum }] = await sql.query<{ amount: string; sum: string }>(
      `SELECT amount, (SELECT sum(delta) FROM ledger WHERE user_id = $1 AND currency = 'HC') AS sum FROM balances WHERE user_id = $1 AND currency = 'HC'`,
      [p.id],
    );
    expect(amount).toBe(sum);
    await sql.query(`UPDATE balances SET amount = amount + 1 WHERE user_id = $1 AND currency = 'HC'`, [p.id]);
    try {
      const bad = (await auditor.run())!;
      expect(bad.ledger.mismatches).toEqual([
        { userId: p.id, currency: 'HC', balance: String(BigInt(amount) + 1n), ledgerSum: sum },
      ]);
    } finally {
      await sql.query(`UPDATE balances SET amount = amount - 1 WHERE user_id = $1 AND currency = 'HC'`, [p.id]);
    }
    // the plan reads no checkpointed week's partition
    const plan = await sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT user_id, currency, sum(delta) FROM ledger WHERE created_at >= $1 GROUP BY 1, 2`,
      [mark],
    );
    const scanned =
      plan
        .map((r) => r['QUERY PLAN'])
        .join('\n')
        .match(/ledger_w\d{8}/g) ?? [];
    const closed = (await sql.query<{ name: string }>(`SELECT name FROM ledger_partitions`)).map((r) => r.name);
    expect(scanned.filter((s) => closed.includes(s))).toEqual([]);
    expect(scanned.length).toBeGreaterThan(0);
  });

  it('auditor: a row changed in a checkpointed week is found when that week is re-read (one week per run, all of them on reaudit())', async () => {
    const day = await weekOf('19 days');
    const week = `ledger_w${day}`;
    const weeks = Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ledger_partitions`))[0].n);
    // someone with the rights to lift the week's CHECK rewrites a row's kind: the sums stay equal
    await sql.query(`ALTER TABLE ${week} DROP CONSTRAINT ${week}_closed`);
    const [row] = await sql.query<{ id: string; user_id: string; kind: string }>(
      `UPDATE ${week} SET kind = 'allowance' WHERE id = (SELECT min(id) FROM ${week}) RETURNING id, user_id, kind`,
    );
    try {
      const auditor = new Auditor(sql, auditorRepo(), findings);
      const first = (await auditor.run())!;
      expect(first.ledger.mismatches).toEqual([]); // balance = ledger still holds: only the re-read finds it
      let found = first.ledger.reverified!.some((w) => w.week === week && w.altered.length > 0);
      for (let i = 1; i < weeks && !found; i++)
        found = (await auditor.run())!.ledger.reverified!.some((w) => w.week === week && w.altered.length > 0);
      expect(found).toBe(true);

      const full = (await new Auditor(sql, auditorRepo(), findings).reaudit())!;
      expect(full.ok).toBe(false);
      expect(full.ledger.reverified!.map((w) => w.week)).toEqual(
        (await sql.query<{ name: string }>(`SELECT name FROM ledger_partitions ORDER BY from_at`)).map((r) => r.name),
      );
      expect(full.ledger.reverified!.find((w) => w.week === week)!.altered).toEqual([
        { userId: row.user_id, currency: 'HC', rows: '1 → 1', sum: expect.stringMatching(/^-?\d+ → -?\d+$/) },
      ]);
      expect(
        findings
          .recent(500)
          .some((f) => f.type === 'ledger-week-altered' && f.location === `${week} user ${row.user_id} HC`),
      ).toBe(true);
    } finally {
      await sql.query(`UPDATE ${week} SET kind = 'bet' WHERE id = $1`, [row.id]);
      await sql.query(`ALTER TABLE ${week} ADD CONSTRAINT ${week}_closed CHECK (false) NOT VALID`);
    }
    expect((await new Auditor(sql, auditorRepo(), findings).reaudit())!.ok).toBe(true);
  });

  it('retention: weeks ended more than BET_RETENTION_DAYS ago are exported (bets verifiable from the file) and detached; the books still balance', async () => {
    const before = await sql.query(`SELECT user_id, currency, amount FROM balances ORDER BY 1, 2`);
    const old = [await weekOf('40 days'), await weekOf('33 days')];
    const report = (await job(25).run())!;
    const archived = report.archived.map((a) => a.week);
    expect(archived).toEqual(expect.arrayContaining(old));
    expect(archived).not.toContain(await weekOf('19 days'));
    for (const a of report.archived) {
      for (const t of ['bets', 'ledger'])
        expect(
          (await sql.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [`${t}_w${a.week}`]))[0].t,
        ).toBeNull();
    }
    const week33 = report.archived.find((a) => a.week === old[1])!;
    expect(week33).toMatchObject({
      bets: 4,
      files: [join(dataDir, 'archive', `bets_w${old[1]}.jsonl`), join(dataDir, 'archive', `ledger_w${old[1]}.jsonl`)],
    });
    const lines = (await readFile(week33.files[0], 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    for (const b of lines) {
      const revealed = b.seedPairId === players[0].pair;
      expect(b.serverSeed).toBe(revealed ? players[0].seed : null); // an active pair's seed stays secret
      expect(b.serverSeedHash).toBe(hex(revealed ? players[0].seed : players[1].seed));
      if (!revealed) continue;
      const again = verify(b.game, b.serverSeed, b.clientSeed, Number(b.nonce), {
        betType: b.outcome.betType,
        stake: b.amount,
      });
      expect(again).toMatchObject({ ok: true, payout: b.payout });
      if (again.ok) expect({ ...again.outcome, betType: 'low' }).toEqual(b.outcome);
    }
    const ledgerLines = (await readFile(week33.files[1], 'utf8')).trim().split('\n');
    expect(ledgerLines).toHaveLength(week33.ledger);
    expect(week33.ledger).toBeGreaterThanOrEqual(4); // a stake row per bet, a win row per win
    expect(
      (await sql.query(`SELECT name FROM ledger_partitions WHERE archived_at IS NOT NULL ORDER BY name`)).map(
        (r) => r['name'],
      ),
    ).toEqual(archived.map((d) => `ledger_w${d}`).sort());
    // balances untouched, and still equal to checkpoints + remaining rows
    expect(await sql.query(`SELECT user_id, currency, amount FROM balances ORDER BY 1, 2`)).toEqual(before);
    const audit = (await new Auditor(sql, auditorRepo(), findings).reaudit())!;
    expect(audit.ledger.mismatches).toEqual([]);
    expect(audit.ok).toBe(true);
    expect(audit.ledger.reverified!.map((w) => w.week)).not.toContain(`ledger_w${old[1]}`);
    expect(Date.now() - new Date(lines[0].createdAt).getTime()).toBeGreaterThan(4 * WEEK_MS);
  });
});
