import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import {
  buildReservesTree,
  layoutReserves,
  parseReservesNote,
  RESERVES_NOTE_PREFIX,
  reservesProof,
  type ReservesProofJson,
  verifyReservesProof,
} from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { FindingsService } from '../security/findings.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { chainClients, deposit, verifiedPlayer } from '../../test/chain';
import { call, securityEnv, unlock } from '../../test/security';
import { ReservesRepository } from './reserves.repository';
import { ReservesService } from './reserves.service';

/** Every sibling sum a proof shows, on each of the player's leaves' paths. */
const siblingSums = (proof: ReservesProofJson): string[] => proof.leaves.flatMap((l) => l.path.map((n) => n.sum));

describe('proof of reserves against the devnet (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let service: ReservesService;
  const net = chainClients();
  const wallet = (label: string) => net.chain.wallets.find((x) => x.label === label)!;

  beforeAll(async () => {
    app = await createIntApp(securityEnv());
    sql = app.get(SqlService);
    service = app.get(ReservesService);
  });
  afterAll(async () => {
    await sql.query(
      `UPDATE operator_switches SET active = false, reason = 'reserves suite done' WHERE name = 'amina_paused'`,
    );
    await app.close();
  });

  /** Every wallet player's AMINA in the ledger's balances: what the snapshot must add up to. */
  const owed = async () => {
    const rows = await sql.query<{ user_id: string; amount: string }>(
      `SELECT b.user_id, b.amount FROM balances b JOIN users u ON u.id = b.user_id WHERE b.currency = 'AMINA' AND NOT u.is_guest`,
    );
    return { count: rows.length, total: rows.reduce((n, r) => n + BigInt(r.amount), 0n) };
  };

  /** The house's anchoring transactions on the devnet's indexer, found by their note prefix. */
  const anchorsOnIndexer = async () => {
    const page = await net.indexer
      .searchForTransactions()
      .address(net.chain.houseAddress)
      .notePrefix(new TextEncoder().encode(RESERVES_NOTE_PREFIX))
      .do();
    return page.transactions;
  };

  it('takes a snapshot of every wallet player, anchors its root on chain and serves each player a proof that verifies against it', async () => {
    const players = [];
    for (const [label, amount] of [
      ['player-2', '0.4'],
      ['player-3', '1.25'],
      ['player-1', '0.07'],
    ] as const) {
      const w = wallet(label);
      const p = await verifiedPlayer(app, w);
      const txId = await deposit(p, w.mnemonic, amount);
      expect((await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId })).body.status).toBe(
        'credited',
      );
      players.push(p);
    }
    const guest = await signIn(app);
    const expected = await owed();
    const houseOnChain = await net.aminaOf(net.chain.houseAddress);

    const s = (await service.takeSnapshot())!;
    expect(s).toMatchObject({
      liabilities: expected.total.toString(),
      // 8 shares a player, padded to a power of two of at least 256
      leafCount: Math.max(256, 2 ** Math.ceil(Math.log2(8 * expected.count))),
      reserves: houseOnChain.toString(),
      covered: true,
    });
    expect(s.ratio).toBe(((houseOnChain * 10_000n) / expected.total).toString().replace(/(\d{4})$/, '.$1'));
    expect(s.anchor.txId).toMatch(/^[A-Z2-7]{52}$/);
    expect(s.anchor.round).toMatch(/^\d+$/);
    expect(s.anchor.explorerUrl).toBeNull(); // devnet: no explorer
    const [{ position }] = await sql.query<{ position: string }>(`SELECT max(id) AS position FROM ledger`);
    expect(s.ledgerPosition).toBe(position);

    // the anchoring transaction is on the indexer: a 0-AMINA house self-transfer whose note holds this root and total
    const onChain = (await anchorsOnIndexer()).find((t) => t.id === s.anchor.txId)!;
    expect(onChain).toBeDefined();
    expect(onChain.sender).toBe(net.chain.houseAddress);
    expect(onChain.assetTransferTransaction).toMatchObject({
      receiver: net.chain.houseAddress,
      amount: 0n,
      assetId: BigInt(net.chain.assetId),
    });
    expect(String(onChain.confirmedRound)).toBe(s.anchor.round);
    const note = parseReservesNote(onChain.note!);
    expect(note).toEqual({
      ok: true,
      commitment: {
        snapshot: s.id,
        root: s.rootHash,
        liabilities: s.liabilities,
        leaves: s.leafCount,
        ledger: s.ledgerPosition,
        round: s.reservesRound,
      },
    });
    const anchored = note.ok ? { hash: note.commitment.root, sum: note.commitment.liabilities } : undefined;

    // the public list and the snapshot by id answer the same
    const list = await app.inject({ method: 'GET', url: '/api/reserves/snapshots' });
    expect(list.json()).toMatchObject({
      network: 'devnet',
      assetId: net.chain.assetId,
      houseAddress: net.chain.houseAddress,
    });
    expect(list.json().snapshots[0]).toEqual(s);
    expect((await app.inject({ method: 'GET', url: `/api/reserves/snapshots/${s.id}` })).json()).toEqual(s);

    // each signed-in player's proof verifies against the anchored root and shows their balance
    for (const p of players) {
      const proof = await p.get('/api/reserves/proof');
      expect(proof.status).toBe(200);
      const balance = (await ledgerExact(sql, p.id))['AMINA'];
      expect(proof.body).toMatchObject({
        version: 2,
        snapshotId: s.id,
        userId: p.id,
        balance,
        leafCount: s.leafCount,
        anchor: { txId: s.anchor.txId, round: s.anchor.round, network: 'devnet' },
      });
      expect(verifyReservesProof(proof.body, anchored)).toMatchObject({
        ok: true,
        userId: p.id,
        balance,
        liabilities: s.liabilities,
        shares: 8,
      });
    }

    // and so does every other player's proof: the stored seed and balances rebuild the anchored tree
    const layout = (await app.get(ReservesRepository).layout(s.id))!;
    expect(layout.balances).toHaveLength(expected.count);
    const tree = buildReservesTree(layoutReserves(layout.balances, layout.seed));
    for (const { userId, balance } of layout.balances) {
      const proof = reservesProof(tree, userId, {
        snapshotId: s.id,
        takenAt: s.takenAt,
        anchor: { txId: s.anchor.txId, round: s.anchor.round, network: 'devnet' },
      });
      expect(verifyReservesProof(proof, anchored)).toMatchObject({ ok: true, balance: balance.toString() });
    }
    // a fresh salt per leaf
    expect(new Set(tree.leaves.map((l) => l.salt)).size).toBe(s.leafCount);

    // guests and watch-only sessions get no proof; a bad snapshot id is named
    expect((await guest.get('/api/reserves/proof')).status).toBe(403);
    const watchOnly = await signIn(app, wallet('player-1').address);
    expect(await watchOnly.get('/api/reserves/proof')).toMatchObject({
      status: 403,
      body: { error: 'OWNERSHIP_REQUIRED' },
    });
    expect(await players[0].get('/api/reserves/proof?snapshot=abc')).toMatchObject({
      status: 400,
      body: { message: 'snapshot must be a snapshot id (a positive integer)' },
    });
    // a blank snapshot is the newest, as none is; a malformed path id is named too
    expect((await players[0].get('/api/reserves/proof?snapshot=')).body).toEqual(
      (await players[0].get('/api/reserves/proof')).body,
    );
    expect((await app.inject({ method: 'GET', url: '/api/reserves/snapshots/0' })).json()).toMatchObject({
      statusCode: 400,
      message: 'id must be a snapshot id (a positive integer)',
    });
    expect(await players[0].get('/api/reserves/proof?snapshot=999999')).toMatchObject({
      status: 404,
      body: { message: 'There is no proof-of-reserves snapshot 999999' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/reserves/proof' })).statusCode).toBe(401);
  });

  it("issue 37: a player's proof shows no other player's exact balance among its sums", async () => {
    // the audit's case: player-1's path held a sibling summing to exactly player-4's 2.5 AMINA
    const ledger = app.get(SettlementService);
    for (const amount of [250_000_000n, 80_000_000n, 110_000_000n, 330_000_000n, 5_000_000n]) {
      const other = await signIn(app, algosdk.generateAccount().addr.toString());
      await sql.tx(
        (db) =>
          ledger.apply(db, {
            kind: 'adjustment',
            userId: other.id,
            currency: 'AMINA',
            delta: amount,
            note: 'reserves privacy test',
          }),
        null,
      );
    }
    const p1 = await verifiedPlayer(app, wallet('player-1'));
    // the layout's randomness comes from the snapshot's seed: fixed here, so the run is repeatable
    const s = (await service.takeSnapshot(Buffer.alloc(32, 37)))!;
    const balances = await sql.query<{ user_id: string; amount: string }>(
      `SELECT b.user_id, b.amount FROM balances b JOIN users u ON u.id = b.user_id
        WHERE b.currency = 'AMINA' AND NOT u.is_guest AND b.amount > 0`,
    );
    const others = new Set(balances.filter((b) => b.user_id !== p1.id).map((b) => b.amount));
    expect(others.size).toBeGreaterThanOrEqual(5);

    const proof = await p1.get('/api/reserves/proof');
    expect(proof.status).toBe(200);
    // a later snapshot takes the cache: this one's proof is rebuilt from its stored seed and balances, the same
    await service.takeSnapshot();
    expect(await p1.get(`/api/reserves/proof?snapshot=${s.id}`)).toEqual(proof);
    const sums: string[] = siblingSums(proof.body);
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.filter((sum) => others.has(sum))).toEqual([]);
    // and it still proves player-1's balance in the published root and total
    expect(verifyReservesProof(proof.body, { hash: s.rootHash, sum: s.liabilities })).toMatchObject({
      ok: true,
      userId: p1.id,
      balance: (await ledgerExact(sql, p1.id))['AMINA'],
      liabilities: balances.reduce((n, b) => n + BigInt(b.amount), 0n).toString(),
    });
  });

  it('a snapshot of the version 1 tree (one leaf per player) serves no proof', async () => {
    const p1 = await verifiedPlayer(app, wallet('player-1'));
    const [old] = await sql.query<{ id: string }>(
      `INSERT INTO reserves_snapshots (ledger_position, root_hash, liabilities, leaf_count, reserves, reserves_round)
       VALUES (1, $1, 7000000, 1, 7000000, 1) RETURNING id`,
      ['ab'.repeat(32)],
    );
    await sql.query(
      `INSERT INTO reserves_leaves (snapshot_id, user_id, salt, balance) VALUES ($1, $2, decode($3, 'hex'), 7000000)`,
      [old.id, p1.id, 'cd'.repeat(32)],
    );
    expect(await p1.get(`/api/reserves/proof?snapshot=${old.id}`)).toMatchObject({
      status: 404,
      body: {
        message: `Snapshot ${old.id} was taken with one leaf per player, whose proofs showed other players' balances; proofs are served for newer snapshots only`,
      },
    });
    await sql.query(`DELETE FROM reserves_snapshots WHERE id = $1`, [old.id]);
  });

  it('an hourly tick takes a snapshot only when the newest is an hour old', async () => {
    const before = (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM reserves_snapshots`))[0].n;
    expect(await service.tick()).toEqual({ taken: null, anchored: [] });
    const later = await service.tick(new Date(Date.now() + 3_600_000));
    expect(later?.taken?.id).toBeDefined();
    expect(later?.anchored).toEqual([later!.taken!.id]);
    expect(Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM reserves_snapshots`))[0].n)).toBe(
      Number(before) + 1,
    );
  });

  it('operators take a snapshot on demand with their token; nobody else can', async () => {
    const token = (await unlock(app)).operator;
    const taken = await call(app, 'POST', '/api/reserves/snapshots', { token });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ covered: true, anchor: { txId: expect.stringMatching(/^[A-Z2-7]{52}$/) } });
    expect((await app.inject({ method: 'GET', url: '/api/reserves/snapshots' })).json().snapshots[0]).toEqual(
      taken.body,
    );
    expect((await call(app, 'POST', '/api/reserves/snapshots')).status).toBe(401);
    const player = await verifiedPlayer(app, wallet('player-2'));
    expect((await player.post('/api/reserves/snapshots')).status).toBe(401);
  });

  it('reserves below liabilities: a critical treasurer finding, and AMINA play and withdrawals pause', async () => {
    const w = wallet('player-3');
    const p = await verifiedPlayer(app, w);
    const house = await net.aminaOf(net.chain.houseAddress);
    const { total } = await owed();
    // a balance the house cannot cover: more than it holds on chain beyond what it already owes
    const excess = house - total + 100_000_000n;
    const ledger = app.get(SettlementService);
    const adjust = (delta: bigint) =>
      sql.tx(
        (db) =>
          ledger.apply(db, {
            kind: 'adjustment',
            userId: p.id,
            currency: 'AMINA',
            delta,
            note: 'reserves shortfall test',
          }),
        null,
      );
    await adjust(excess);
    let s;
    try {
      s = (await service.takeSnapshot())!;
    } finally {
      await adjust(-excess);
    }
    try {
      expect(s).toMatchObject({ covered: false, reserves: house.toString(), liabilities: (total + excess).toString() });
      expect(s.ratio).toBe('0.' + ((house * 10_000n) / (total + excess)).toString().padStart(4, '0'));

      const findings = app.get(FindingsService).recent(10, 'treasurer');
      expect(findings.find((f) => f.type === 'reserves-below-liabilities')).toMatchObject({
        severity: 'critical',
        source: 'treasurer',
        location: `reserves snapshot ${s.id}`,
      });
      expect(findings.find((f) => f.type === 'amina-auto-paused')).toMatchObject({
        severity: 'critical',
        details: expect.stringMatching(
          /^automatic \(proof of reserves\): the house holds .* in proof-of-reserves snapshot/,
        ),
      });
      const [sw] = await sql.query<{ active: boolean }>(
        `SELECT active FROM operator_switches WHERE name = 'amina_paused'`,
      );
      expect(sw.active).toBe(true);

      // the books are back in order, yet the pause holds until an operator resumes
      const bet = await p.post('/api/games/dice', {
        walletAddress: w.address,
        currency: 'AMINA',
        betAmount: '0.01',
        betType: 'low',
      });
      expect(bet).toMatchObject({
        status: 423,
        body: { message: expect.stringMatching(/^AMINA play and withdrawals are paused/) },
      });
      const withdrawal = await p.post('/api/crypto/withdraw', { walletAddress: w.address, amount: '0.1' });
      expect(withdrawal.status).toBe(423);
      expect(
        (await p.post('/api/games/dice', { walletAddress: w.address, currency: 'HC', betAmount: '1', betType: 'low' }))
          .status,
      ).toBe(200);
    } finally {
      await sql.query(
        `UPDATE operator_switches SET active = false, reason = 'reserves suite done' WHERE name = 'amina_paused'`,
      );
    }
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/reserves/snapshots',
        'POST /api/reserves/snapshots',
        'GET /api/reserves/snapshots/:id',
        'GET /api/reserves/proof',
      ]),
    });
  });
});
