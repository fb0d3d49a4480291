import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import algosdk from 'algosdk';
import {
  blackjackReturn,
  fairStream,
  hiloCashout,
  hiloGuess,
  hiloStart,
  playDice,
  settledPayout,
  type Rational,
} from '@cosmic/game-engine';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { CLIENT, SEED, dealtHand, firstNonce, handAfter, keyCount, lastRound, revokeSessions } from '../../test/rounds';
import { forceSeeds, ledgerExact, VECTORS } from '../../test/seeds';

// Issue 38: every game action × every refusal is refused with its status and code and writes
// nothing. Cash-out and stand end what a round holds and take no new risk: README.md
// ("Responsible gaming") allows them to a self-excluded player, past a loss limit and while AMINA
// play is paused; a session that may not play is refused for them as for every action.

const U = 100_000_000n;
type Currency = 'HC' | 'AMINA';

/** The refusals, in the table's column order. */
const COLUMNS = [
  'self-excluded',
  'loss limit reached',
  'AMINA paused',
  'unproven session',
  'revoked session',
  'insufficient balance',
] as const;
type Column = (typeof COLUMNS)[number];

/** A cell: the action is refused, or (cash-out, stand) played and settled, or cannot apply and why. */
type Cell = 'refused' | 'settles' | { na: string };
const R: Cell = 'refused';
const S: Cell = 'settles';
const NO_STAKE: Cell = { na: 'stakes nothing: there is no balance to be short of' };
const HC_ONLY: Cell = { na: 'poker is played with House Coins only: there is no AMINA play to pause' };

// prettier-ignore
const TABLE: Record<string, [Cell, Cell, Cell, Cell, Cell, Cell]> = {
  //                   self-excl.   loss limit   AMINA paused unproven  revoked  insufficient balance
  'dice':             [R,           R,           R,           R,        R,       R],
  'plinko':           [R,           R,           R,           R,        R,       R],
  'slots paid spin':  [R,           R,           R,           R,        R,       R],
  'slots free spin':  [R,           R,           R,           R,        R,       NO_STAKE],
  'slots bonus buy':  [R,           R,           R,           R,        R,       R],
  'hi-lo start':      [R,           R,           R,           R,        R,       R],
  'hi-lo guess':      [R,           R,           R,           R,        R,       NO_STAKE],
  'hi-lo cash-out':   [S,           S,           S,           R,        R,       NO_STAKE],
  'blackjack deal':   [R,           R,           R,           R,        R,       R],
  'blackjack hit':    [R,           R,           R,           R,        R,       NO_STAKE],
  'blackjack stand':  [S,           S,           S,           R,        R,       NO_STAKE],
  'blackjack double': [R,           R,           R,           R,        R,       R],
  'blackjack split':  [R,           R,           R,           R,        R,       R],
  'poker buy-in':     [R,           R,           HC_ONLY,     R,        R,       R],
};
/** What the table holds: 14 actions × 6 refusals; the count of cells is asserted after they ran. */
const EXPECTED = { refused: 72, settles: 6, na: 6 };

/** A blackjack hand to play on: a pair (so split and double are legal) that a stand wins or pushes. */
const HAND = firstNonce((n) => {
  const s = dealtHand(n);
  const stood = handAfter(n, ['stand']);
  const ret = stood && blackjackReturn(stood);
  return (
    s.status === 'player' &&
    s.hands[0].cards[0].rank === s.hands[0].cards[1].rank &&
    handAfter(n, ['split']) !== null &&
    handAfter(n, ['double']) !== null &&
    handAfter(n, ['hit']) !== null &&
    ret !== null &&
    ret.num > 0n
  );
});
/**
 * A dice nonce of the SEED/CLIENT pair where 'seven' loses, after HAND and so apart from every nonce
 * a round is set up at (forceSeeds puts them on the same pair row: a bet per pair and nonce).
 */
const LOSING_SEVEN = firstNonce((n) => {
  const r = playDice(fairStream(SEED, CLIENT, n), 'seven');
  return r.ok && !r.outcome.won;
}, HAND + 1);
/** The hi-lo run of startHiloOnAce (A♣, then 6♦): what cashing it out after one right 'higher' returns. */
const HILO_AFTER_ONE_RIGHT: Rational = (() => {
  const v = VECTORS[0];
  const stream = fairStream(v.serverSeed, v.clientSeed, 0);
  const guessed = hiloGuess(hiloStart(stream), 'higher', stream);
  if (!guessed.ok) throw new Error(guessed.error);
  const cashed = hiloCashout(guessed.state);
  if (!cashed.ok) throw new Error(cashed.error);
  return cashed.multiplier;
})();

/** The stake of every action in its currency (AMINA: the minimum bet, well inside the bankroll cap). */
const STAKE: Record<Currency, { text: string; units: bigint }> = {
  HC: { text: '10', units: 10n * U },
  AMINA: { text: '0.001', units: U / 1000n },
};

/** One action of the table: its route, the state it needs, and what it stakes. */
interface Action {
  url: string;
  body(p: TestPlayer, c: Currency): object;
  /** Brings the player to where the action can be played (an open round, free spins held). */
  setup?(p: TestPlayer, c: Currency): Promise<void>;
  /** The HC the action debits (the insufficient-balance column leaves one coin less). */
  debitsHC?: bigint;
  /**
   * The route takes the session from the 2-second memory and its SQL checks it again
   * (`sessionCheckedInSql` in games/games.routes.ts): a session changed in the database meanwhile
   * is refused by that SQL. Every other route reads the session afresh before it plays.
   */
  sessionInSql?: boolean;
  /** Cash-out and stand: what the round pays when it settles (per unit staked). */
  returns?: Rational;
}

describe('every game action × every refusal: refused with its code, nothing written (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const ok = async (p: TestPlayer, url: string, body: object) => {
    const res = await p.post(url, body);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const bet = (c: Currency) => ({ currency: c, betAmount: STAKE[c].text });
  /** A bonus buy at the least bet: 100 × 1 HC, or 100 × 0.001 AMINA. */
  const bonus = (c: Currency) => ({ currency: c, betAmount: c === 'HC' ? '1' : '0.001' });
  const me = (p: TestPlayer) => ({ walletAddress: p.walletAddress });
  const startHilo = async (p: TestPlayer, c: Currency) => {
    await forceSeeds(sql, p.id, VECTORS[0].serverSeed, VECTORS[0].clientSeed, 0);
    await ok(p, '/api/games/hilo/start', { ...me(p), currency: c, bet: STAKE[c].text });
  };
  const dealHand = async (p: TestPlayer, c: Currency) => {
    await forceSeeds(sql, p.id, SEED, CLIENT, HAND);
    await ok(p, '/api/games/blackjack/deal', { ...me(p), ...bet(c) });
  };
  const bj = (action: string, more: Partial<Action> = {}): Action => ({
    url: `/api/games/blackjack/${action}`,
    body: me,
    setup: dealHand,
    sessionInSql: true,
    ...more,
  });

  const ACTIONS: Record<string, Action> = {
    dice: {
      url: '/api/games/dice',
      body: (p, c) => ({ ...me(p), ...bet(c), betType: 'seven' }),
      debitsHC: 10n * U,
      sessionInSql: true,
    },
    plinko: {
      url: '/api/games/plinko/deduct',
      body: (p, c) => ({ ...me(p), ...bet(c), risk: 'low' }),
      debitsHC: 10n * U,
      sessionInSql: true,
    },
    'slots paid spin': {
      url: '/api/games/slots',
      body: (p, c) => ({ ...me(p), ...bet(c), isFreeSpins: false }),
      debitsHC: 10n * U,
      sessionInSql: true,
    },
    'slots free spin': {
      url: '/api/games/slots',
      body: (p, c) => ({ ...me(p), ...bet(c), isFreeSpins: true }),
      setup: async (p, c) => void (await ok(p, '/api/games/slots/buy-bonus', { ...me(p), ...bonus(c) })),
      sessionInSql: true,
    },
    'slots bonus buy': {
      url: '/api/games/slots/buy-bonus',
      body: (p, c) => ({ ...me(p), ...bonus(c) }),
      debitsHC: 100n * U,
      sessionInSql: true,
    },
    'hi-lo start': {
      url: '/api/games/hilo/start',
      body: (p, c) => ({ ...me(p), currency: c, bet: STAKE[c].text }),
      debitsHC: 10n * U,
      sessionInSql: true,
    },
    'hi-lo guess': {
      url: '/api/games/hilo/guess',
      body: (p) => ({ ...me(p), direction: 'higher' }), // would win: 6♦ after A♣
      setup: startHilo,
      sessionInSql: true,
    },
    'hi-lo cash-out': {
      url: '/api/games/hilo/cashout',
      body: me,
      setup: async (p, c) => {
        await startHilo(p, c);
        await ok(p, '/api/games/hilo/guess', { ...me(p), direction: 'higher' });
      },
      sessionInSql: true,
      returns: HILO_AFTER_ONE_RIGHT,
    },
    'blackjack deal': {
      url: '/api/games/blackjack/deal',
      body: (p, c) => ({ ...me(p), ...bet(c) }),
      debitsHC: 10n * U,
      sessionInSql: true,
    },
    'blackjack hit': bj('hit'),
    'blackjack stand': bj('stand', { returns: blackjackReturn(handAfter(HAND, ['stand'])!)! }),
    'blackjack double': bj('double', { debitsHC: 10n * U }),
    'blackjack split': bj('split', { debitsHC: 10n * U }),
    'poker buy-in': {
      url: '/api/poker/tables/pulsar/buy-in',
      body: () => ({ amount: 5 }),
      debitsHC: 5n * U,
    },
  };

  /** The answer each refusal gets: its status and its stable `error` code. */
  const REFUSAL: Record<Column, (a: Action) => { status: number; error: string }> = {
    'self-excluded': () => ({ status: 403, error: 'SELF_EXCLUDED' }),
    'loss limit reached': () => ({ status: 429, error: 'LOSS_LIMIT' }),
    'AMINA paused': () => ({ status: 423, error: 'AMINA_PAUSED' }),
    // the player acted a moment ago (actedJustNow): a route that takes the session from that memory
    // is refused by the SQL that checks it again (claim_request(): CC407 unproven, CC401 ended), the
    // others read it afresh; an unproven session is told what is missing either way
    'unproven session': () => ({ status: 403, error: 'OWNERSHIP_REQUIRED' }),
    'revoked session': (a) =>
      a.sessionInSql ? { status: 401, error: 'SESSION_ENDED' } : { status: 401, error: 'Unauthorized' },
    'insufficient balance': () => ({ status: 400, error: 'INSUFFICIENT_BALANCE' }),
  };

  /** Sets columns of the player's limits row, inserting it first if the player has none. */
  const setLimits = async (p: TestPlayer, set: string, values: unknown[] = []) => {
    await sql.query(`INSERT INTO player_limits (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [p.id]);
    await sql.query(`UPDATE player_limits SET ${set} WHERE user_id = $1`, [p.id, ...values]);
  };
  const pause = (active: boolean) =>
    sql.query(
      `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', $1, 'test') ON CONFLICT (name) DO UPDATE SET active = $1`,
      [active],
    );

  /**
   * How each refusal is brought about: `before` runs before the action's state is set up, `after`
   * once it is (just before the action).
   */
  const CONDITIONS: Record<
    Column,
    { before?(p: TestPlayer): Promise<void>; after(p: TestPlayer, a: Action): Promise<void> }
  > = {
    'self-excluded': {
      after: (p) => setLimits(p, `self_excluded_until = now() + interval '7 days'`),
    },
    'loss limit reached': {
      // a lost 2 HC dice bet, before the round is set up (forceSeeds rewrites the pair a round reads)
      before: async (p) => {
        await forceSeeds(sql, p.id, SEED, CLIENT, LOSING_SEVEN);
        const lost = await ok(p, '/api/games/dice', { ...me(p), currency: 'HC', betAmount: '2', betType: 'seven' });
        expect(lost).toMatchObject({ isWin: false, winAmount: '0' });
      },
      // then the limit lowered to 1 HC under today's loss as check_play_allowed() counts it (settled
      // bets and open rounds' stakes): the losses are past it, so even an action that stakes nothing
      // more is refused; a limit only equal to them refuses just a new stake, as the guard refuses
      // what would take the losses past the limit (settlement/sql/check_play_allowed.sql)
      after: async (p) => {
        await setLimits(p, `updated_at = now()`);
        await sql.query(
          `INSERT INTO player_limit_windows (user_id, kind, currency, period, live) VALUES ($1, 'loss', 'HC', '24h', (
               SELECT COALESCE((SELECT sum(amount - payout) FROM bets
                                 WHERE user_id = $1 AND currency = 'HC' AND created_at >= now() - interval '24 hours'), 0)
                    + COALESCE((SELECT sum(staked) FROM game_rounds WHERE user_id = $1 AND currency = 'HC' AND status = 'open'), 0)
                    - $2))`,
          [p.id, U],
        );
      },
    },
    'AMINA paused': {
      before: async (p) =>
        void (await app
          .get(SettlementService)
          .apply(sql.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: U, note: 'test-adjust' })),
      after: async () => {
        await pause(true);
      },
    },
    'unproven session': {
      after: async (p) => {
        await actedJustNow(p);
        await sql.query(`UPDATE sessions SET ownership_verified_at = NULL WHERE user_id = $1`, [p.id]);
      },
    },
    'revoked session': {
      after: async (p) => {
        await actedJustNow(p);
        await revokeSessions(sql, p.id);
      },
    },
    'insufficient balance': {
      // one coin short of what the action debits, moved through the ledger so it stays exact
      after: async (p, a) => {
        const hc = BigInt((await ledgerExact(sql, p.id))['HC']);
        await app.get(SettlementService).apply(sql.pool, {
          kind: 'adjustment',
          userId: p.id,
          currency: 'HC',
          delta: a.debitsHC! - U - hc,
          note: 'test-adjust',
        });
      },
    },
  };

  /**
   * The player played a moment ago (a game action whose body is refused, 400, writes nothing): this
   * instance remembers the session as live and proven (SESSION_CACHE_MS, auth/session.service.ts),
   * so a change made in the database, as another instance makes it, reaches the action's own SQL.
   */
  async function actedJustNow(p: TestPlayer): Promise<void> {
    expect((await p.post('/api/games/dice', {})).status).toBe(400);
  }

  /** An answer's status and `error` code, its body's statusCode checked against the status. */
  function refusal(res: { status: number; body: { statusCode?: number; error?: string } }) {
    expect(res.body.statusCode).toBe(res.status);
    return { status: res.status, error: res.body.error };
  }
  const refusedWith = async (p: TestPlayer, a: Action, c: Currency) => refusal(await p.post(a.url, a.body(p, c)));

  /** A wallet that proved its key: 1,000 HC, its session allowed to play both currencies. */
  async function provenPlayer(): Promise<TestPlayer> {
    const p = await signIn(app, algosdk.generateAccount().addr.toString());
    await sql.query(`UPDATE sessions SET ownership_verified_at = now() WHERE user_id = $1`, [p.id]);
    return p;
  }

  /** The tables whose rows of the player an action may write. */
  const WRITTEN = [
    'balances',
    'ledger',
    'bets',
    'game_rounds',
    'seed_pairs',
    'idempotency_keys',
    'poker_seats',
    'poker_wallets',
  ];
  /** The player's rows of WRITTEN, table by table, each as its text with its version (xmin): any write changes it. */
  async function snapshot(p: TestPlayer): Promise<Record<string, string[]>> {
    const rows = await sql.query<{ t: string; r: string }>(
      WRITTEN.map(
        (t) => `SELECT '${t}' AS t, x.xmin::text || ' ' || x::text AS r FROM ${t} x WHERE x.user_id = $1`,
      ).join(' UNION ALL ') + ' ORDER BY 1, 2',
      [p.id],
    );
    return Object.fromEntries(WRITTEN.map((t) => [t, rows.filter((x) => x.t === t).map((x) => x.r)]));
  }

  const cells = Object.entries(TABLE).flatMap(([action, row]) =>
    row.map((cell, i) => ({ action, column: COLUMNS[i], cell })),
  );
  const run = cells.filter((c) => typeof c.cell === 'string');
  const ran: string[] = [];

  it('the table has every action × every refusal, each n/a cell with its reason', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(ACTIONS).sort());
    expect(cells).toHaveLength(14 * 6);
    expect({
      refused: cells.filter((c) => c.cell === 'refused').length,
      settles: cells.filter((c) => c.cell === 'settles').length,
      na: cells.filter((c) => typeof c.cell === 'object').length,
    }).toEqual(EXPECTED);
    // insufficient balance is n/a exactly for the actions that debit nothing
    for (const [name, row] of Object.entries(TABLE))
      expect([name, typeof row[5] === 'object']).toEqual([name, ACTIONS[name].debitsHC === undefined]);
  });

  it.each(run.map((c) => [c.action, c.column, c.cell] as const))('%s × %s: %s', async (name, column, cell) => {
    const action = ACTIONS[name];
    const currency: Currency = column === 'AMINA paused' ? 'AMINA' : 'HC';
    const condition = CONDITIONS[column];
    const p = await provenPlayer();
    await condition.before?.(p);
    await action.setup?.(p, currency);
    const key = { 'Idempotency-Key': `refusal-${ran.length}` };
    const round = await lastRound(sql, p.id);
    const balances = await ledgerExact(sql, p.id);

    let before: Record<string, string[]>;
    let res: { status: number; body: any };
    try {
      await condition.after(p, action);
      // an action that settles is played in a state that does refuse a bet: a dice roll here is refused
      if (cell === 'settles')
        expect(await refusedWith(p, ACTIONS['dice'], currency)).toEqual(REFUSAL[column](ACTIONS['dice']));
      before = await snapshot(p);
      res = await p.post(action.url, action.body(p, currency), key);
    } finally {
      if (column === 'AMINA paused') await pause(false);
    }

    if (cell === 'refused') {
      expect(refusal(res)).toEqual(REFUSAL[column](action));
      // not a vacuous "unchanged": the player's balances and seed pair are there to compare
      expect([before.balances.length, before.seed_pairs.length]).toEqual([2, 1]);
      expect(await snapshot(p)).toEqual(before);
      await ledgerExact(sql, p.id);
    } else {
      const paid = settledPayout(currency, STAKE[currency].units, action.returns!);
      expect(paid).toBeGreaterThan(0n);
      expect(res).toMatchObject({ status: 200, body: { gameOver: true, winAmount: money(paid), currency } });
      // settled exactly: the open round closed on its bet row, the payout credited through the ledger
      expect(round.status).toBe('open');
      expect(await lastRound(sql, p.id)).toMatchObject({ status: 'settled', bet_id: res.body.betId });
      const [betRow] = await sql.query<{ amount: string; payout: string; currency: string }>(
        `SELECT amount, payout, currency FROM bets WHERE id = $1`,
        [res.body.betId],
      );
      expect(betRow).toEqual({ amount: String(STAKE[currency].units), payout: String(paid), currency });
      expect(await ledgerExact(sql, p.id)).toEqual({
        ...balances,
        [currency]: String(BigInt(balances[currency]) + paid),
      });
      expect(await keyCount(sql, p.id)).toBe('1');
    }
    ran.push(`${name} × ${column}`);
  });

  it('ran every cell the table says applies', () => {
    expect(ran).toHaveLength(EXPECTED.refused + EXPECTED.settles);
    expect([...ran].sort()).toEqual(run.map((c) => `${c.action} × ${c.column}`).sort());
  });
});
