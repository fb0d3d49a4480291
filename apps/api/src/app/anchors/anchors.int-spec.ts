import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  BET_ANCHOR_NOTE_PREFIX,
  parseBetAnchorNote,
  verifyBetReceipt,
  type BetAnchorCommitment,
} from '@cosmic/game-engine';
import type { AnchoredReceipt, BetReceipt } from '@cosmic/contracts';
import { SqlService } from '../database/sql.service';
import { FindingsService } from '../security/findings.service';
import { Auditor } from '../security/personas/auditor';
import { createIntApp, freshIntDatabase } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { chainClients } from '../../test/chain';
import { AnchorsService } from './anchors.service';

// Issue 43: bets, anchors on the devnet, receipts checked against the transaction's note as the
// indexer has it, a changed or deleted bet failing its receipt and raising the auditor's finding,
// and the chain of roots unbroken across anchors taken by two instances.

const INTERVAL_S = 60;

describe('bet anchors against the devnet (real PostgreSQL, two instances)', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let sql: SqlService;
  let player: TestPlayer;
  const net = chainClients();
  // each pass is asked "as of" a clock that moves an interval on, so no test waits for real minutes
  let clock = Date.now();
  const later = () => new Date((clock += INTERVAL_S * 1000 + 1));

  // a database of its own: an anchor takes every bet not anchored yet, and the other suites' bets
  // would be in it
  let db: Awaited<ReturnType<typeof freshIntDatabase>> | undefined;

  beforeAll(async () => {
    db = await freshIntDatabase('anchors');
    const env = { BET_ANCHOR_SECONDS: String(INTERVAL_S), DATABASE_URL: db.url };
    a = await createIntApp(env);
    b = await createIntApp(env);
    sql = a.get(SqlService);
    player = await signIn(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  const bet = async (app: NestFastifyApplication, p: TestPlayer, amount: string): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/games/dice',
      headers: { cookie: p.cookie },
      payload: { walletAddress: p.walletAddress, currency: 'HC', betAmount: amount, betType: 'high' },
    });
    expect(res.statusCode).toBe(200);
    return String(res.json().betId);
  };
  const receipt = async (id: string): Promise<BetReceipt> => {
    const res = await a.inject({ method: 'GET', url: `/api/bets/${id}/receipt` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** The note of a transaction, read straight from the devnet's indexer (not through the API). */
  const noteOf = async (txid: string): Promise<{ sender: string; commitment: BetAnchorCommitment }> => {
    const { transaction } = await net.indexer.lookupTransactionByID(txid).do();
    const parsed = parseBetAnchorNote(transaction.note!);
    if (!parsed.ok) throw new Error(parsed.error);
    return { sender: transaction.sender, commitment: parsed.commitment };
  };
  const anchorCount = async () => Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM anchors`))[0].n);
  /** Passes until every anchor's transaction confirmed (the devnet confirms each in its own block). */
  const settle = async (service: AnchorsService) => {
    for (let i = 0; i < 20; i++) {
      const [{ open }] = await sql.query<{ open: string }>(
        `SELECT count(*) AS open FROM anchors WHERE tx_round IS NULL`,
      );
      if (open === '0') return;
      await service.tick(new Date(clock));
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('an anchor never confirmed');
  };

  let first: string[] = [];
  let firstRoot = '';

  it('answers pending, with the expected time, for a bet not anchored yet', async () => {
    first = [await bet(a, player, '10'), await bet(a, player, '20'), await bet(a, player, '5')];
    const r = await receipt(first[0]);
    expect(r).toMatchObject({ status: 'pending', betId: first[0], anchor: null });
    if (r.status !== 'pending') throw new Error('anchored too early');
    expect(r.message).toMatch(/not anchored yet.*expected by/);
    expect(Date.parse(r.expectedBy)).toBeGreaterThan(Date.now());
    // the record and its leaf are already what the anchor will commit to
    expect(JSON.parse(r.record)).toMatchObject({ id: first[0], game: 'dice', currency: 'HC', v: 1 });
  });

  it('takes one anchor across two instances and writes its root in a house transaction note', async () => {
    const now = later();
    const [ta, tb] = await Promise.all([a.get(AnchorsService).tick(now), b.get(AnchorsService).tick(now)]);
    // the lock or the newest anchor's age lets one take it; the other takes none
    expect([ta?.created, tb?.created].filter(Boolean)).toHaveLength(1);
    expect(await anchorCount()).toBe(1);
    await settle(a.get(AnchorsService));

    for (const id of first) {
      const r = await receipt(id);
      if (r.status !== 'anchored') throw new Error(`bet ${id}: ${JSON.stringify(r)}`);
      expect(r.previousRoot).toBeNull();
      const { sender, commitment } = await noteOf(r.txid);
      expect(sender).toBe(net.chain.houseAddress);
      expect(commitment).toEqual({ anchor: r.anchor, root: r.root, previousRoot: null, bets: 3 });
      expect(verifyBetReceipt(r, commitment)).toEqual({ ok: true, root: r.root });
      firstRoot = r.root;
    }
    // the API's read of the indexer gives the same note
    const r0 = (await receipt(first[0])) as AnchoredReceipt;
    const chain = await a.inject({ method: 'GET', url: `/api/anchors/${r0.anchor}/chain` });
    expect(chain.json()).toMatchObject({ txid: r0.txid, round: r0.round, sender: net.chain.houseAddress });
    expect(chain.json().note).toBe(
      `${BET_ANCHOR_NOTE_PREFIX}{"anchor":"${r0.anchor}","root":"${r0.root}","previousRoot":null,"bets":3}`,
    );
  });

  it('writes nothing for an interval without bets', async () => {
    const t = await b.get(AnchorsService).tick(later());
    expect(t).toEqual({ created: null, sent: [] });
    expect(await anchorCount()).toBe(1);
  });

  let second: string[] = [];
  it('chains the next anchor, taken by the other instance, to the previous root', async () => {
    const other = await signIn(b);
    second = [await bet(b, other, '7'), await bet(b, player, '8')];
    const t = await b.get(AnchorsService).tick(later());
    expect(t?.created).toMatchObject({ previous_root: firstRoot, bet_count: 2 });
    await settle(b.get(AnchorsService));
    for (const id of second) {
      const r = await receipt(id);
      if (r.status !== 'anchored') throw new Error(`bet ${id}: ${JSON.stringify(r)}`);
      expect(r.previousRoot).toBe(firstRoot);
      const { commitment } = await noteOf(r.txid);
      expect(commitment.previousRoot).toBe(firstRoot);
      expect(verifyBetReceipt(r, commitment)).toEqual({ ok: true, root: r.root });
    }
    // the stored chain: each anchor names the one before it
    const rows = await sql.query<{
      id: string;
      previous_id: string | null;
      root_hash: string;
      previous_root: string | null;
    }>(`SELECT id, previous_id, root_hash, previous_root FROM anchors ORDER BY id`);
    expect(rows.map((r) => r.previous_root)).toEqual([null, rows[0].root_hash]);
    expect(rows[1].previous_id).toBe(rows[0].id);
  });

  it('a clean audit finds the anchors intact', async () => {
    const report = (await a.get(Auditor).run())!;
    expect(report.anchors).toEqual({ anchors: 2, bets: 5, problems: [] });
  });

  it('a changed bet fails its receipt and raises a critical finding; so does a deleted one', async () => {
    const [changed] = first;
    await sql.query(`UPDATE bets SET payout = payout + 100000000 WHERE id = $1`, [changed]);
    const r = await receipt(changed);
    if (r.status !== 'anchored') throw new Error('no longer anchored');
    const { commitment } = await noteOf(r.txid);
    const check = verifyBetReceipt(r, commitment);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(/the path leads to|the record was changed/);
    // an untouched bet of the same anchor still verifies
    const fine = (await receipt(first[1])) as AnchoredReceipt;
    expect(verifyBetReceipt(fine, commitment).ok).toBe(true);

    const gone = second[0];
    await sql.query(`DELETE FROM bets WHERE id = $1`, [gone]);
    const findings = a.get(FindingsService);
    const report = (await a.get(Auditor).run())!;
    expect(report.ok).toBe(false);
    expect(report.anchors!.problems.map((p) => [p.problem, p.betId])).toEqual([
      ['bet-missing', gone],
      ['bet-changed', changed],
    ]);
    const raised = findings.recent(50, 'auditor').filter((f) => f.type.startsWith('anchor-'));
    expect(raised.map((f) => [f.type, f.severity, f.location]).sort()).toEqual([
      ['anchor-bet-changed', 'critical', expect.stringContaining(`bet ${changed}`)],
      ['anchor-bet-missing', 'critical', expect.stringContaining(`bet ${gone}`)],
    ]);
  });

  it('answers 404 naming a bet that does not exist, and 400 for a malformed id', async () => {
    const none = await a.inject({ method: 'GET', url: '/api/bets/999999999/receipt' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/No bet 999999999/);
    const bad = await a.inject({ method: 'GET', url: '/api/bets/abc/receipt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id must be a bet id/);
  });
});
