import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
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
import type { AnchorRow } from './anchors.repository';
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

  it('npm run verify -- --receipt checks a receipt the API gave against the devnet indexer, and refuses it changed', async () => {
    const r = (await receipt(first[0])) as AnchoredReceipt;
    expect(r.status).toBe('anchored');
    const dir = mkdtempSync(join(tmpdir(), 'anchor-receipt-'));
    const good = join(dir, 'receipt.json');
    writeFileSync(good, JSON.stringify(r));
    const changed = join(dir, 'changed.json');
    writeFileSync(changed, JSON.stringify({ ...r, record: r.record.replace('"game":"dice"', '"game":"plinko"') }));
    // the real CLI (tools/scripts/verify.mjs), as a player runs it, against the indexer the devnet serves
    const cli = join(__dirname, '../../../../../tools/scripts/verify.mjs');
    const verify = (file: string) =>
      promisify(execFile)(process.execPath, [
        cli,
        '--receipt',
        file,
        '--indexer',
        net.chain.indexerUrl,
        '--indexer-token',
        net.chain.token,
      ])
        .then(({ stdout }) => ({ code: 0, out: JSON.parse(stdout) }))
        .catch((e: { code: number; stdout: string }) => ({ code: e.code, out: JSON.parse(e.stdout) }));
    expect(await verify(good)).toMatchObject({
      code: 0,
      out: {
        ok: true,
        anchoredRootChecked: true,
        anchor: {
          txId: r.txid,
          sender: net.chain.houseAddress,
          commitment: { root: r.root, previousRoot: null, bets: 3 },
        },
      },
    });
    const refused = await verify(changed);
    expect(refused.code).toBe(1);
    expect(refused.out.error).toMatch(/^SHA-256 of the record is [0-9a-f]{64}, not the receipt's leaf/);
  }, 180_000);

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

  // "A failed anchor is retried, never skipped": the devnet refuses or loses the anchor's
  // transaction; the anchor, already stored with its root and bets, is sent again by a later pass,
  // and the chain of roots goes on from it.
  describe('a failed anchor is retried, never skipped', () => {
    afterEach(() =>
      net.faults({
        failSends: false,
        pool: false,
        restartOnAcceptMs: 0,
        down: false,
        acceptThenTimeout: false,
        pendingBlind: false,
        indexerLagRounds: 0,
      }),
    );

    type StoredAnchor = Pick<AnchorRow, 'id' | 'root_hash' | 'previous_root' | 'tx_id' | 'tx_round'>;
    const stored = async (id: string): Promise<StoredAnchor> =>
      (
        await sql.query<StoredAnchor>(
          `SELECT id, root_hash, previous_root, tx_id, tx_round FROM anchors WHERE id = $1`,
          [id],
        )
      )[0];
    const betsIn = async (id: string): Promise<string[]> =>
      (
        await sql.query<{ bet_id: string }>(
          `SELECT bet_id::text FROM anchor_bets WHERE anchor_id = $1 ORDER BY position`,
          [id],
        )
      ).map((r) => r.bet_id);
    /** Every transaction on chain whose note is this anchor's (read from the indexer). */
    const txidsOf = async (id: string): Promise<string[]> => {
      const prefix = `${BET_ANCHOR_NOTE_PREFIX}{"anchor":"${id}",`;
      const page = await net.indexer.searchForTransactions().notePrefix(new TextEncoder().encode(prefix)).do();
      return page.transactions.map((t) => t.id!);
    };
    /** The anchor's stored transaction: its last valid round and signed bytes. */
    const signedOf = async (id: string) =>
      (
        await sql.query<{ tx_last_valid: string; tx_signed: Buffer }>(
          `SELECT tx_last_valid::text, tx_signed FROM anchors WHERE id = $1`,
          [id],
        )
      )[0];
    /** A pass that takes no anchor: as of just after `row` was taken, when none is due. */
    const notDue = (row: AnchorRow) => new Date(row.created_at.getTime() + 1);
    /** `bets`, all of `anchor`'s: each receipt names the anchor and `txid`, and verifies against its note. */
    const expectVerified = async (bets: string[], anchor: StoredAnchor, txid: string) => {
      for (const id of bets) {
        const r = await receipt(id);
        if (r.status !== 'anchored') throw new Error(`bet ${id}: ${JSON.stringify(r)}`);
        expect(r).toMatchObject({
          anchor: anchor.id,
          txid,
          root: anchor.root_hash,
          previousRoot: anchor.previous_root,
        });
        const { commitment } = await noteOf(txid);
        expect(commitment).toEqual({
          anchor: anchor.id,
          root: anchor.root_hash,
          previousRoot: anchor.previous_root,
          bets: bets.length,
        });
        expect(verifyBetReceipt(r, commitment)).toEqual({ ok: true, root: anchor.root_hash });
      }
    };

    let refused: AnchorRow;
    let refusedBets: string[] = [];
    let refusedTx = '';
    let next: AnchorRow;
    let nextTx = '';
    let lateBet = '';

    it('keeps an anchor whose send the node refuses, with its root and bets, pass after pass', async () => {
      const [{ root_hash: lastRoot }] = await sql.query<{ root_hash: string }>(
        `SELECT root_hash FROM anchors ORDER BY id DESC LIMIT 1`,
      );
      refusedBets = [await bet(a, player, '3'), await bet(a, player, '4')];
      await net.faults({ failSends: true });
      const t = (await a.get(AnchorsService).tick(later()))!;
      expect(t.sent).toEqual([]);
      expect(t.created).toMatchObject({ previous_root: lastRoot, bet_count: 2, tx_id: null });
      refused = t.created!;
      const before = await stored(refused.id);
      expect(before).toMatchObject({ root_hash: refused.root_hash, tx_round: null });
      // its transaction was signed and stored before the node was asked: txid, last valid round and bytes
      refusedTx = before.tx_id!;
      const signed = await signedOf(refused.id);
      expect(algosdk.decodeSignedTransaction(signed.tx_signed).txn.txID()).toBe(refusedTx);
      expect(String(algosdk.decodeSignedTransaction(signed.tx_signed).txn.lastValid)).toBe(signed.tx_last_valid);
      expect(await betsIn(refused.id)).toEqual(refusedBets);
      const pending = await receipt(refusedBets[0]);
      expect(pending).toMatchObject({ status: 'pending', anchor: refused.id });
      if (pending.status === 'pending') expect(pending.message).toMatch(/being sent/);

      // the node still refuses the same bytes: tried again, still waiting, nothing skipped or taken anew
      expect(await b.get(AnchorsService).tick(notDue(refused))).toEqual({ created: null, sent: [] });
      expect(await stored(refused.id)).toEqual(before);
      expect(await signedOf(refused.id)).toEqual(signed);
      expect(await betsIn(refused.id)).toEqual(refusedBets);
      expect(await txidsOf(refused.id)).toEqual([]);
    });

    it('puts a bet settled while an anchor is pending into the next anchor, chained to it', async () => {
      await net.faults({ failSends: true });
      lateBet = await bet(a, player, '6');
      const t = (await a.get(AnchorsService).tick(later()))!;
      expect(t.sent).toEqual([]);
      expect(t.created).toMatchObject({ previous_id: refused.id, previous_root: refused.root_hash, bet_count: 1 });
      next = t.created!;
      expect(await betsIn(next.id)).toEqual([lateBet]);
      // the pending anchor was not taken again nor changed
      expect(await betsIn(refused.id)).toEqual(refusedBets);
      expect(await stored(refused.id)).toMatchObject({ root_hash: refused.root_hash, tx_id: refusedTx });
      nextTx = (await stored(next.id)).tx_id!;
      expect(await receipt(lateBet)).toMatchObject({ status: 'pending', anchor: next.id });
    });

    it('sends both, oldest first and as they were stored, once the node takes them again', async () => {
      // the other instance's pass, with no anchor due: what it sends comes from the database alone
      expect(await b.get(AnchorsService).tick(notDue(next))).toEqual({ created: null, sent: [refused.id, next.id] });
      const first = await stored(refused.id);
      const second = await stored(next.id);
      expect(first).toMatchObject({ root_hash: refused.root_hash, previous_root: refused.previous_root });
      expect(second).toMatchObject({ root_hash: next.root_hash, previous_root: refused.root_hash });
      // the transactions signed when each was taken, never new ones
      expect([first.tx_id, second.tx_id]).toEqual([refusedTx, nextTx]);
      expect(first.tx_round).not.toBeNull();
      expect(BigInt(second.tx_round!)).toBeGreaterThan(BigInt(first.tx_round!));
      expect(await betsIn(refused.id)).toEqual(refusedBets);
      // one transaction for each anchor, and every bet's receipt checks against its note
      expect(await txidsOf(refused.id)).toEqual([first.tx_id]);
      expect(await txidsOf(next.id)).toEqual([second.tx_id]);
      await expectVerified(refusedBets, first, first.tx_id!);
      await expectVerified([lateBet], second, second.tx_id!);
      // on chain, the next note names the root the retried anchor's note wrote
      expect((await noteOf(second.tx_id!)).commitment.previousRoot).toBe((await noteOf(first.tx_id!)).commitment.root);
    });

    it('sends again, as the same bytes, an anchor whose transaction the node accepted and then lost', async () => {
      // the node holds what it accepts in its pool; the anchor's transaction waits there
      await net.faults({ pool: true });
      const lostBets = [await bet(a, player, '2')];
      const t1 = (await a.get(AnchorsService).tick(later()))!;
      const lost = t1.created!;
      expect(t1.sent).toEqual([lost.id]);
      const { tx_id: lostTx } = await stored(lost.id);
      expect(lostTx).not.toBeNull();

      // the next anchor's send restarts the node: the pool, with both transactions, is gone
      await net.faults({ restartOnAcceptMs: 300 });
      const waitingBets = [await bet(a, player, '9')];
      const t2 = (await a.get(AnchorsService).tick(later()))!;
      const waiting = t2.created!;
      expect(waiting).toMatchObject({ previous_root: lost.root_hash, bet_count: 1 });
      expect(t2.sent).toEqual([]);
      const { tx_id: waitingTx } = await stored(waiting.id);
      expect(waitingTx).not.toBeNull();
      await new Promise((r) => setTimeout(r, 500));
      await net.faults({ pool: false });

      // both can still land before their last valid round: the same bytes go again, and land
      expect(await b.get(AnchorsService).tick(notDue(waiting))).toEqual({ created: null, sent: [lost.id, waiting.id] });
      const resent = await stored(lost.id);
      expect(resent).toMatchObject({ tx_id: lostTx, root_hash: lost.root_hash, previous_root: lost.previous_root });
      expect(resent.tx_round).not.toBeNull();
      expect(await betsIn(lost.id)).toEqual(lostBets);
      expect(await txidsOf(lost.id)).toEqual([lostTx]);
      await expectVerified(lostBets, resent, lostTx!);
      // the anchor taken meanwhile still names it: the chain is unbroken
      const after = await stored(waiting.id);
      expect(after).toMatchObject({ tx_id: waitingTx, previous_root: lost.root_hash });
      expect(await betsIn(waiting.id)).toEqual(waitingBets);
      expect(await txidsOf(waiting.id)).toEqual([waitingTx]);
      await expectVerified(waitingBets, after, waitingTx!);
    });

    it('signs a new transaction only once the stored one can never land: past its last valid round and nowhere', async () => {
      const expiredBets = [await bet(a, player, '3')];
      await net.faults({ failSends: true });
      const t1 = (await a.get(AnchorsService).tick(later()))!;
      const expired = t1.created!;
      expect(t1.sent).toEqual([]);
      const { tx_id: expiredTx } = await stored(expired.id);
      const { tx_last_valid: lastValid } = await signedOf(expired.id);
      expect(expiredTx).not.toBeNull();

      // until its last valid round has passed it may still land: kept, its bytes tried again
      expect(await b.get(AnchorsService).tick(notDue(expired))).toEqual({ created: null, sent: [] });
      expect(await stored(expired.id)).toMatchObject({ tx_id: expiredTx, tx_round: null });

      // past it, the anchor is cleared and the next pass sends a new transaction, with the same root
      const round = BigInt((await net.algod.status().do()).lastRound);
      await net.advance(Number(BigInt(lastValid) - round) + 3);
      expect(await a.get(AnchorsService).tick(notDue(expired))).toEqual({ created: null, sent: [] });
      expect(await stored(expired.id)).toMatchObject({ tx_id: null, tx_round: null });
      await net.faults({ failSends: false });
      expect(await b.get(AnchorsService).tick(notDue(expired))).toEqual({ created: null, sent: [expired.id] });
      const resent = await stored(expired.id);
      expect(resent).toMatchObject({ root_hash: expired.root_hash, previous_root: expired.previous_root });
      expect(resent.tx_id).not.toBe(expiredTx);
      expect(resent.tx_round).not.toBeNull();
      expect(await betsIn(expired.id)).toEqual(expiredBets);
      expect(await txidsOf(expired.id)).toEqual([resent.tx_id]);
      await expectVerified(expiredBets, resent, resent.tx_id!);
    });

    it('a transaction the node accepted without answering is sent again as the same bytes, never as a second one', async () => {
      const sentBets = [await bet(a, player, '1'), await bet(a, player, '2')];
      // the node takes the transaction into a block and drops the connection; a node behind a load
      // balancer that never saw it, and an indexer behind, cannot tell the pass it landed either
      await net.faults({ acceptThenTimeout: true, pendingBlind: true, indexerLagRounds: 500 });
      const t1 = (await a.get(AnchorsService).tick(later()))!;
      const taken = t1.created!;
      expect(t1.sent).toEqual([]);

      const { tx_id: takenTx } = await stored(taken.id);
      // the other instance's pass: the node answers again, still blind to what it took; the same
      // bytes go again, and the node's "already in the ledger" counts as sent
      await net.faults({ acceptThenTimeout: false });
      expect(await b.get(AnchorsService).tick(notDue(taken))).toEqual({ created: null, sent: [taken.id] });
      expect(await stored(taken.id)).toMatchObject({ tx_id: takenTx, tx_round: null });
      await net.faults({ pendingBlind: false, indexerLagRounds: 0 });
      await settle(a.get(AnchorsService));

      const row = await stored(taken.id);
      expect(row).toMatchObject({ root_hash: taken.root_hash, previous_root: taken.previous_root });
      expect(row.tx_round).not.toBeNull();
      // one transaction carries the anchor's note, and it is the one stored
      expect(await txidsOf(taken.id)).toEqual([row.tx_id]);
      expect(await betsIn(taken.id)).toEqual(sentBets);
      await expectVerified(sentBets, row, row.tx_id!);
    });
  });
});
