import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService, type Queryable } from '../database/sql.service';
import { createIntApp, intAppForBlock } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { LEDGER_KINDS, type LedgerKind } from './ledger-kind';
import { KeyTakenError } from '../common/idempotency-claim';
import { ProofRequiredError } from '../auth/ownership';
import { ledgerExact } from '../../test/seeds';
import {
  AminaPausedError,
  InsufficientBalanceError,
  LossLimitError,
  NonceMovedError,
  SelfExcludedError,
  SessionEndedError,
} from './settlement-errors';

describe('ledger kinds and refs: the CHECK constraint mirrors LedgerKind (PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let p: TestPlayer;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
    p = await signIn(app);
  });
  afterAll(() => app.close());

  /** Writes a ledger row moving nothing (the balance stays its ledger sum); the error when refused. */
  const write = async (kind: string, ref: string | null, createdAt = 'now()'): Promise<unknown> =>
    sql
      .query(
        `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref, created_at) VALUES ($1, 'HC', 0, 0, $2, $3, ${createdAt})`,
        [p.id, kind, ref],
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
  const refused = { code: '23514', constraint: 'ledger_kind_ref' };

  /** One ref of the format each kind is written with (ledger-kind.ts). */
  const GOOD: Record<LedgerKind, string[]> = {
    signup: ['user:12'],
    allowance: ['allowance:2026-11-25T09:00:00.000Z'],
    bet: ['bet:7', 'round:7'],
    win: ['bet:7'],
    bonus_buy: ['bet:7'],
    deposit: ['tx:ABCDEF234567'],
    withdrawal: ['withdrawal:3'],
    withdrawal_refund: ['withdrawal:3'],
    poker_buyin: ['poker:orion'],
    poker_cashout: ['poker:orion:cashout', 'poker:orion:recovered'],
    adjustment: ['adjustment:bench top-up'],
  };

  it('names exactly the kinds of LedgerKind', async () => {
    const [{ def }] = await sql.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'ledger_kind_ref' AND conrelid = 'ledger'::regclass`,
    );
    const named = [...def.matchAll(/WHEN '([a-z_]+)'::text/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...LEDGER_KINDS].sort());
  });

  it.each(LEDGER_KINDS.flatMap((k) => GOOD[k].map((ref) => [k, ref])))('takes %s with ref %s', async (kind, ref) => {
    expect(await write(kind, ref)).toBeNull();
  });

  it.each([
    ['bonus-buy', 'bet:7'], // the old spellings
    ['withdrawal-refund', 'withdrawal:3'],
    ['bench-topup', 'bench'],
    ['bet', 'slots:1:2'], // the old slots refs
    ['bonus_buy', 'slots-bonus:1:2'],
    ['win', 'round:7'],
    ['poker_cashout', 'poker:orion:left'],
    ['signup', null],
    ['adjustment', null],
  ])('refuses kind %s with ref %s', async (kind, ref) => {
    expect(await write(kind, ref)).toMatchObject(refused);
  });

  it('keeps the rows written before the migration as they were (old spellings and refs)', async () => {
    const [{ def }] = await sql.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'ledger_kind_ref' AND conrelid = 'ledger'::regclass`,
    );
    const cutoff = /created_at < '([^']+)'/.exec(def)?.[1];
    expect(cutoff).toBeDefined();
    expect(await write('bonus-buy', 'slots-bonus:1:2', `'${cutoff}'::timestamptz - interval '1 second'`)).toBeNull();
    expect(await write('bonus-buy', 'slots-bonus:1:2', `'${cutoff}'::timestamptz`)).toMatchObject(refused);
  });
});

describe('SQL refusals come out of the data layer as coded domain errors (PostgreSQL)', () => {
  // the data layer alone: a pool on the test database, no application
  const sql = new SqlService({ databaseUrl: process.env['INT_DATABASE_URL'] ?? '', dbPoolMax: 2 });
  afterAll(() => sql.onModuleDestroy());

  const raise = (sqlState: string) =>
    `DO $$ BEGIN RAISE EXCEPTION 'raised in SQL' USING ERRCODE = '${sqlState}'; END $$`;

  it.each([
    ['CC401', SessionEndedError, 'SESSION_ENDED'],
    ['CC402', InsufficientBalanceError, 'INSUFFICIENT_BALANCE'],
    ['CC403', SelfExcludedError, 'SELF_EXCLUDED'],
    ['CC409', NonceMovedError, 'NONCE_MOVED'],
    ['CC423', AminaPausedError, 'AMINA_PAUSED'],
    ['CC429', LossLimitError, 'LOSS_LIMIT'],
  ] as const)('%s, from a statement or a transaction, is a %p with code %s', async (sqlState, type, code) => {
    const alone = await sql.query(raise(sqlState)).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(type);
    expect(alone).toMatchObject({ code });
    const inTx = await sql.tx((db) => db.query(raise(sqlState)), null).catch((e: unknown) => e);
    expect(inTx).toBeInstanceOf(type);
    expect(inTx).toMatchObject({ code });
  });

  it("CC208 (a keyed place_bet()'s Idempotency-Key already has a request) is the KeyTakenError IdempotencyStore answers", async () => {
    expect(await sql.query(raise('CC208')).catch((e: unknown) => e)).toBeInstanceOf(KeyTakenError);
    expect(await sql.tx((db) => db.query(raise('CC208')), null).catch((e: unknown) => e)).toBeInstanceOf(KeyTakenError);
  });

  it('leaves any other database error as PostgreSQL answered it', async () => {
    expect(await sql.query('SELECT 1/0').catch((e: unknown) => e)).toMatchObject({ code: '22012', severity: 'ERROR' });
    expect(await sql.tx((db) => db.query('SELECT 1/0'), null).catch((e: unknown) => e)).toMatchObject({
      code: '22012',
    });
  });
});

describe('settle_bet() and settle_bets(): the money primitive for bets (PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  const U = 100_000_000n;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const pairOf = async (p: TestPlayer) =>
    (await sql.query<{ id: string }>(`SELECT id FROM seed_pairs WHERE user_id = $1 AND active`, [p.id]))[0].id;
  const bet = (p: TestPlayer, pairId: string, amount: bigint, payout: bigint, nonce = 0n) => ({
    userId: p.id,
    game: 'slots',
    currency: 'HC' as const,
    amount,
    payout,
    multiplier: '1',
    pairId,
    nonce,
    outcome: '{}',
  });
  type Bet = ReturnType<typeof bet>;
  /** settle_bet() in the caller's transaction, as round_act() and round_open() call it. */
  const settleBet = async (
    db: Queryable,
    b: Bet,
    opts: { debit?: { amount: bigint; kind: 'bet' | 'bonus_buy' }; round?: { id: string; state: string } } = {},
  ) => {
    const res = await db.query<{ r: string[] | null }>(
      `SELECT settle_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) AS r`,
      [
        b.userId,
        b.game,
        b.currency,
        String(b.amount),
        String(b.payout),
        b.multiplier,
        b.pairId,
        String(b.nonce),
        b.outcome,
        String(opts.debit?.amount ?? 0n),
        opts.debit?.kind ?? 'bet',
        opts.round?.id ?? null,
        opts.round?.state ?? null,
      ],
    );
    const r = res.rows[0].r;
    if (r === null) throw new InsufficientBalanceError();
    return { betId: String(r[0]), balance: BigInt(r[1]) };
  };
  const ledgerOf = (p: TestPlayer) =>
    sql.query<{ delta: string; balance_after: string; kind: string; ref: string }>(
      `SELECT delta, balance_after, kind, ref FROM ledger WHERE user_id = $1 AND kind <> 'signup' ORDER BY id`,
      [p.id],
    );

  it('moves the balance once, writes the bet, the debit then the win (the debit row shows the balance between), and closes the round', async () => {
    const p = await signIn(app);
    const pairId = await pairOf(p);
    const [round] = await sql.query<{ id: string }>(
      `INSERT INTO game_rounds (user_id, game, status, currency, stake, seed_pair_id, nonce, state, staked)
       VALUES ($1, 'slots', 'open', 'HC', $2, $3, 0, '{}', 0) RETURNING id`,
      [p.id, String(10n * U), pairId],
    );
    const settled = await sql.tx(
      (db) =>
        settleBet(db, bet(p, pairId, 10n * U, 25n * U), {
          debit: { amount: 10n * U, kind: 'bet' },
          round: { id: round.id, state: '{"done":true}' },
        }),
      null,
    );
    expect(settled.balance).toBe(1015n * U);
    expect(await ledgerOf(p)).toEqual([
      { delta: String(-10n * U), balance_after: String(990n * U), kind: 'bet', ref: `bet:${settled.betId}` },
      { delta: String(25n * U), balance_after: String(1015n * U), kind: 'win', ref: `bet:${settled.betId}` },
    ]);
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1015n * U), AMINA: '0' });
    const [closed] = await sql.query(`SELECT status, state, bet_id FROM game_rounds WHERE id = $1`, [round.id]);
    expect(closed).toEqual({ status: 'settled', state: { done: true }, bet_id: settled.betId });
  });

  it('writes no ledger row for a zero debit or a zero win, and answers the balance all the same', async () => {
    const p = await signIn(app);
    const pairId = await pairOf(p);
    const free = await sql.tx((db) => settleBet(db, bet(p, pairId, 0n, 0n)), null);
    expect(free.balance).toBe(1000n * U);
    const lost = await sql.tx(
      (db) => settleBet(db, bet(p, pairId, 5n * U, 0n, 1n), { debit: { amount: 5n * U, kind: 'bonus_buy' } }),
      null,
    );
    expect(lost.balance).toBe(995n * U);
    expect(await ledgerOf(p)).toEqual([
      { delta: String(-5n * U), balance_after: String(995n * U), kind: 'bonus_buy', ref: `bet:${lost.betId}` },
    ]);
    const [{ n }] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n).toBe('2');
  });

  it('refuses a debit the balance does not cover, with nothing written', async () => {
    const p = await signIn(app);
    const pairId = await pairOf(p);
    const refused = await sql
      .tx(
        (db) => settleBet(db, bet(p, pairId, 1001n * U, 5000n * U), { debit: { amount: 1001n * U, kind: 'bet' } }),
        null,
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InsufficientBalanceError);
    expect(await ledgerOf(p)).toEqual([]);
    const [{ n }] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n).toBe('0');
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
  });

  it("settle_bets() writes several players' bets in call order and leaves out, whole, the one its balance does not cover", async () => {
    const players = [await signIn(app), await signIn(app), await signIn(app)];
    const pairs = await Promise.all(players.map(pairOf));
    const bets = [
      bet(players[0], pairs[0], 10n * U, 30n * U),
      bet(players[1], pairs[1], 2000n * U, 0n), // more than its 1,000 HC
      bet(players[2], pairs[2], 7n * U, 0n),
    ];
    const col = <K extends keyof Bet>(k: K) => bets.map((b) => (typeof b[k] === 'bigint' ? String(b[k]) : b[k]));
    const rows = await sql.query<{ bet_id: string | null; balance: string | null }>(
      `SELECT bet_id::text, balance::text FROM settle_bets($1, $2, $3::currency[], $4, $5, $6, $7, $8, $9::jsonb[], $10, $11)`,
      [
        col('userId'),
        col('game'),
        col('currency'),
        col('amount'),
        col('payout'),
        col('multiplier'),
        col('pairId'),
        col('nonce'),
        col('outcome'),
        col('amount'),
        bets.map(() => 'bet'),
      ],
    );
    expect(rows.map((r) => r.balance)).toEqual([String(1020n * U), null, String(993n * U)]);
    expect(rows[1].bet_id).toBeNull();
    expect(Number(rows[0].bet_id)).toBeLessThan(Number(rows[2].bet_id));
    expect(await ledgerOf(players[0])).toEqual([
      { delta: String(-10n * U), balance_after: String(990n * U), kind: 'bet', ref: `bet:${rows[0].bet_id}` },
      { delta: String(30n * U), balance_after: String(1020n * U), kind: 'win', ref: `bet:${rows[0].bet_id}` },
    ]);
    expect(await ledgerOf(players[1])).toEqual([]);
    expect(await ledgerOf(players[2])).toEqual([
      { delta: String(-7n * U), balance_after: String(993n * U), kind: 'bet', ref: `bet:${rows[2].bet_id}` },
    ]);
    for (const p of players) await ledgerExact(sql, p.id);
    const duplicate = await sql
      .query(`SELECT * FROM settle_bets($1, $2, $3::currency[], $4, $5, $6, $7, $8, $9::jsonb[], $10, $11)`, [
        [players[0].id, players[0].id],
        ['slots', 'slots'],
        ['HC', 'HC'],
        ['1', '1'],
        ['0', '0'],
        ['0', '0'],
        [pairs[0], pairs[0]],
        ['5', '6'],
        ['{}', '{}'],
        ['1', '1'],
        ['bet', 'bet'],
      ])
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '22023' });
  });
});

describe('claim_requests(): the one session check and Idempotency-Key claim (PostgreSQL)', () => {
  const int = intAppForBlock();

  /** A signed-in player and its session's token hash. */
  const player = async () => {
    const p = await signIn(int.app);
    const [s] = await int.sql.query<{ token_hash: Buffer }>(`SELECT token_hash FROM sessions WHERE user_id = $1`, [
      p.id,
    ]);
    return { id: p.id, token: s.token_hash };
  };
  type Player = Awaited<ReturnType<typeof player>>;
  type Request = { p: Player; token?: Buffer; needVerified?: boolean; key?: string };
  const claim = async (requests: Request[]) =>
    (
      await int.sql.query<{ r: (string | null)[] }>(`SELECT claim_requests($1, $2, $3, $4, $5) AS r`, [
        requests.map((q) => q.token ?? q.p.token),
        requests.map((q) => q.p.id),
        requests.map((q) => q.needVerified ?? false),
        requests.map((q) => q.key ?? null),
        requests.map((q) => (q.key ? `hash of ${q.key}` : null)),
      ])
    )[0].r;
  const keysOf = (p: Player) =>
    int.sql.query<{ key: string; request_hash: string; response: unknown }>(
      `SELECT key, request_hash, response FROM idempotency_keys WHERE user_id = $1 ORDER BY key`,
      [p.id],
    );

  it('answers each request in call order: NULL when it may go on, else CC401, CC407 or CC208; only those that go on claim their key', async () => {
    const [live, revoked, unproven, keyed, taken] = await Promise.all([
      player(),
      player(),
      player(),
      player(),
      player(),
    ]);
    await int.sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [revoked.id]);
    await int.sql.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, 'k-taken', 'earlier', 200, '{"bet": "7"}')`,
      [taken.id],
    );
    expect(
      await claim([
        { p: live },
        { p: revoked, key: 'k-revoked' },
        { p: unproven, needVerified: true, key: 'k-unproven' },
        { p: keyed, key: 'k-new' },
        { p: taken, key: 'k-taken' },
        { p: live, token: Buffer.alloc(32, 1) },
      ]),
    ).toEqual([null, 'CC401', 'CC407', null, 'CC208', 'CC401']);
    // claimed: the key with no answer yet; refused: nothing claimed, and a taken key keeps its earlier request
    expect(await keysOf(keyed)).toEqual([{ key: 'k-new', request_hash: 'hash of k-new', response: null }]);
    expect(await keysOf(revoked)).toEqual([]);
    expect(await keysOf(unproven)).toEqual([]);
    expect(await keysOf(taken)).toEqual([{ key: 'k-taken', request_hash: 'earlier', response: { bet: '7' } }]);
  });

  it('claim_request() is the same check for one request, its refusal raised with its code', async () => {
    const [live, revoked] = await Promise.all([player(), player()]);
    await int.sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [revoked.id]);
    const one = (p: Player, key: string | null, needVerified = false) =>
      int.sql.query(`SELECT claim_request($1, $2, $3, $4, $5)`, [p.token, p.id, needVerified, key, key && 'h']).then(
        () => 'claimed',
        (e: unknown) => e,
      );
    expect(await one(live, 'k1')).toBe('claimed');
    expect(await one(live, 'k1')).toBeInstanceOf(KeyTakenError);
    expect(await one(live, null, true)).toBeInstanceOf(ProofRequiredError);
    expect(await one(revoked, 'k2')).toBeInstanceOf(SessionEndedError);
    expect((await keysOf(live)).map((k) => k.key)).toEqual(['k1']);
  });
});
