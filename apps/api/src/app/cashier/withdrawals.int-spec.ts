import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { AlgorandClient } from '../chain/algorand.client';
import { FindingsService } from '../security/findings.service';
import { Treasurer } from '../security/personas/treasurer';
import { answerWatch, createIntApp } from '../../test/int-app';
import { ledgerExact } from '../../test/seeds';
import { chainClients, verifiedPlayer } from '../../test/chain';
import type { TestPlayer } from '../../test/player';
import { ReconciliationService } from './reconciliation.service';
import { WithdrawalsService } from './withdrawals.service';

const U = 100_000_000n;
const ALL_FAULTS_OFF = {
  failSends: false,
  acceptThenTimeout: false,
  hangMs: 0,
  down: false,
  pool: false,
  poolFull: false,
  indexerLagRounds: 0,
  pendingBlind: false,
  restartOnAcceptMs: 0,
};

/**
 * Issue 21 items 1 and 6 on real PostgreSQL and the devnet: a withdrawal is refunded only on a
 * definite answer (never while it can still land), so under indexer lag, a full pool and a node
 * restart there are 0 double payouts and 0 lost withdrawals; and withdrawals have a minimum and a
 * per-player daily maximum that concurrent requests cannot pass together.
 */
describe('withdrawals: refunded only on a definite answer, and limited (real PostgreSQL + devnet faults)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let recover: () => Promise<{ confirmed: number; refunded: number; resent: number }>;
  const net = chainClients();
  const assetId = BigInt(net.chain.assetId);

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
    recover = () => app.get(WithdrawalsService).recover();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await net.faults(ALL_FAULTS_OFF);
    await waitForNode();
  });
  afterAll(() => app.close());

  async function waitForNode(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      try {
        await net.algod.status().do();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('the devnet did not come back');
  }

  async function signedBy(sk: Uint8Array, txn: algosdk.Transaction): Promise<void> {
    await net.algod.sendRawTransaction(txn.signTxn(sk)).do();
  }

  /** A new wallet (1 ALGO, opted in to AMINA unless told not to), proven, with `amina` credited to its casino balance. */
  async function freshPlayer(amina: bigint, optIn = true): Promise<{ p: TestPlayer; account: algosdk.Account }> {
    const account = algosdk.generateAccount();
    const dispenser = algosdk.mnemonicToSecretKey(net.chain.dispenserMnemonic);
    const params = await net.algod.getTransactionParams().do();
    await signedBy(
      dispenser.sk,
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: dispenser.addr,
        receiver: account.addr,
        amount: 1_000_000n,
        suggestedParams: params,
      }),
    );
    if (optIn) {
      await signedBy(
        account.sk,
        algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
          sender: account.addr,
          receiver: account.addr,
          amount: 0n,
          assetIndex: assetId,
          suggestedParams: params,
        }),
      );
    }
    const p = await verifiedPlayer(app, {
      address: account.addr.toString(),
      mnemonic: algosdk.secretKeyToMnemonic(account.sk),
    });
    await app
      .get(SettlementService)
      .apply(sql.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: amina, note: 'test-credit' });
    return { p, account };
  }

  const withdraw = (p: TestPlayer, amount: string) =>
    p.post('/api/crypto/withdraw', { walletAddress: p.walletAddress, amount });

  /**
   * Every withdrawal of the player ended confirmed (its transfer on chain once) or refunded (its
   * transfer nowhere), the receiver got exactly the confirmed ones, and the ledger is exact.
   */
  async function settledExactly(
    p: TestPlayer,
    receiver: string,
    credited: bigint,
  ): Promise<{ confirmed: number; refunded: number }> {
    const rows = await sql.query<{ status: string; tx_id: string; amount: string }>(
      `SELECT status, tx_id, amount FROM withdrawals WHERE user_id = $1 ORDER BY id`,
      [p.id],
    );
    let paid = 0n;
    const out = { confirmed: 0, refunded: 0 };
    for (const w of rows) {
      const onChain = (await net.indexer.searchForTransactions().txid(w.tx_id).do()).transactions.length;
      expect({ txId: w.tx_id, status: w.status, onChain }).toEqual({
        txId: w.tx_id,
        status: w.status === 'confirmed' ? 'confirmed' : 'refunded',
        onChain: w.status === 'confirmed' ? 1 : 0,
      });
      if (w.status === 'confirmed') paid += BigInt(w.amount);
      out[w.status as 'confirmed' | 'refunded']++;
    }
    expect(await net.aminaOf(receiver)).toBe(paid);
    expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(credited - paid));
    return out;
  }

  const statusOf = async (txId: string) =>
    (
      await sql.query<{ status: string; error: string | null }>(
        `SELECT status, error FROM withdrawals WHERE tx_id = $1`,
        [txId],
      )
    )[0];

  describe('refunds (issue 21 item 1)', () => {
    it('indexer lag: a confirmed withdrawal that neither the indexer nor a load-balanced node can see yet is never refunded, and is confirmed once the indexer catches up', async () => {
      const { p, account } = await freshPlayer(1n * U);
      const house = await net.aminaOf(net.chain.houseAddress);
      await net.faults({ acceptThenTimeout: true, indexerLagRounds: 500, pendingBlind: true });
      const res = await withdraw(p, '0.3');
      expect(res.body).toMatchObject({ status: 'pending' });
      await net.faults({ acceptThenTimeout: false });
      expect(await net.aminaOf(account.addr.toString())).toBe(30_000_000n); // it landed

      await net.advance(100); // the node is far past lastValid + margin: only the indexer could tell
      for (let i = 0; i < 3; i++) expect(await recover()).toMatchObject({ refunded: 0, confirmed: 0 });
      expect(await statusOf(res.body.txId)).toMatchObject({ status: 'signed' });

      await net.faults({ indexerLagRounds: 0 });
      expect((await recover()).confirmed).toBeGreaterThanOrEqual(1);
      expect(await settledExactly(p, account.addr.toString(), 1n * U)).toEqual({ confirmed: 1, refunded: 0 });
      expect(await net.aminaOf(net.chain.houseAddress)).toBe(house - 30_000_000n);
    });

    it('pool full while the transaction is in fact in the pool: not refunded, confirmed when the block comes; a pool that is really full gets the same bytes again until they land', async () => {
      const { p, account } = await freshPlayer(2n * U);
      await net.faults({ pool: true, poolFull: 'accept' });
      const inPool = await withdraw(p, '0.4');
      expect(inPool).toMatchObject({ status: 200, body: { status: 'pending' } });
      for (let i = 0; i < 2; i++) expect((await recover()).refunded).toBe(0);
      expect(await statusOf(inPool.body.txId)).toMatchObject({ status: 'signed' });

      await net.faults({ poolFull: 'refuse' });
      const refused = await withdraw(p, '0.5');
      expect(refused.body).toMatchObject({ status: 'pending' });
      expect((await recover()).refunded).toBe(0);

      await net.advance(1); // the block takes what the pool holds: the first withdrawal
      await net.faults({ poolFull: false });
      await recover(); // confirms the first, resends the second into the pool
      await net.advance(1);
      await recover();
      expect(await settledExactly(p, account.addr.toString(), 2n * U)).toEqual({ confirmed: 2, refunded: 0 });
    });

    it('node restart mid-send (accepted, connection dropped, down for a while): nothing decided while down; a lost pool is resent and lands once; one that cannot land is refunded only once the indexer has caught up past lastValid', async () => {
      const { p, account } = await freshPlayer(2n * U);

      // A: accepted into the pool, then the node restarts and loses it
      await net.faults({ pool: true, restartOnAcceptMs: 1500 });
      const lost = await withdraw(p, '0.6');
      expect(lost.body).toMatchObject({ status: 'pending' });
      expect(await recover()).toMatchObject({ confirmed: 0, refunded: 0 }); // down: no answer, no decision
      await waitForNode();
      await recover(); // before lastValid and found nowhere: the same bytes again
      await net.advance(1);
      await recover();
      expect(await statusOf(lost.body.txId)).toMatchObject({ status: 'confirmed' });

      // B: lost the same way, then every send fails until lastValid has passed, with the indexer behind
      await net.faults({ restartOnAcceptMs: 500 });
      const dead = await withdraw(p, '0.7');
      expect(dead.body).toMatchObject({ status: 'pending' });
      await waitForNode();
      await net.faults({ failSends: true, indexerLagRounds: 500 });
      await recover();
      await net.advance(100);
      for (let i = 0; i < 2; i++) expect((await recover()).refunded).toBe(0);
      await net.faults({ indexerLagRounds: 0 });
      await recover();
      expect(await statusOf(dead.body.txId)).toEqual({ status: 'refunded', error: 'expired without confirmation' });

      expect(await settledExactly(p, account.addr.toString(), 2n * U)).toEqual({ confirmed: 1, refunded: 1 });
    });

    it("a refusal that means the bytes never land refunds at once on the only broadcast, but waits for lastValid when an earlier broadcast's outcome is unknown", async () => {
      // the only broadcast, refused: receiver not opted in (the precheck skipped, as if it opted out in between)
      const loner = await freshPlayer(1n * U, false);
      jest.spyOn(app.get(AlgorandClient), 'assertOptedIn').mockResolvedValue(undefined);
      const refused = await withdraw(loner.p, '0.2');
      expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/not opted in/) } });
      expect(await settledExactly(loner.p, loner.account.addr.toString(), 1n * U)).toEqual({
        confirmed: 0,
        refunded: 1,
      });
      jest.restoreAllMocks();

      // the first broadcast has no answer; the receiver then opts out; the resend is refused
      const { p, account } = await freshPlayer(1n * U);
      await net.faults({ failSends: true });
      const res = await withdraw(p, '0.2');
      expect(res.body).toMatchObject({ status: 'pending' });
      await net.faults({ failSends: false });
      const params = await net.algod.getTransactionParams().do();
      await signedBy(
        account.sk,
        algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
          sender: account.addr,
          receiver: net.chain.houseAddress,
          closeRemainderTo: net.chain.houseAddress,
          amount: 0n,
          assetIndex: assetId,
          suggestedParams: params,
        }),
      );
      expect((await recover()).refunded).toBe(0);
      expect(await statusOf(res.body.txId)).toMatchObject({ status: 'signed' });
      await net.advance(60);
      await recover();
      expect(await statusOf(res.body.txId)).toEqual({ status: 'refunded', error: 'expired without confirmation' });
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(1n * U));
    });

    it('reconciliation flags a refunded withdrawal whose transaction is on chain (paid twice) as a critical incident the treasurer counts and lists', async () => {
      const { p, account } = await freshPlayer(1n * U);
      const rec = app.get(ReconciliationService);
      await rec.run();
      await net.faults({ acceptThenTimeout: true });
      const res = await withdraw(p, '0.25');
      await net.faults({ acceptThenTimeout: false });
      // a refund decided wrongly (what the old rules did under indexer lag): the money goes back while the transfer landed
      const [w] = await sql.query<{ id: string }>(
        `UPDATE withdrawals SET status = 'refunded', error = 'expired without confirmation' WHERE tx_id = $1 RETURNING id`,
        [res.body.txId],
      );
      await app
        .get(SettlementService)
        .apply(sql.pool, { kind: 'withdrawal_refund', userId: p.id, amount: 25_000_000n, withdrawalId: w.id });
      expect(await net.aminaOf(account.addr.toString())).toBe(25_000_000n);

      const report = await rec.run();
      expect(report?.paidAfterRefund).toEqual([res.body.txId]);
      expect(report?.unknownOutgoing).toEqual([]);
      expect((await rec.run())?.paidAfterRefund).toEqual([]); // flagged once
      const [row] = await sql.query<{ flag: string; paid_round: string | null }>(
        `SELECT flag, paid_round FROM withdrawals WHERE id = $1`,
        [w.id],
      );
      expect(row.flag).toBe('paid-after-refund');
      expect(row.paid_round).not.toBeNull();

      const treasurer = app.get(Treasurer);
      const counts = await treasurer.refresh();
      expect(counts.withdrawals.paidAfterRefund).toBeGreaterThanOrEqual(1);
      expect(counts.flaggedWithdrawals).toContainEqual(
        expect.objectContaining({
          id: String(w.id),
          txId: res.body.txId,
          amountAmina: '0.25',
          toAddress: account.addr.toString(),
          userId: p.id,
        }),
      );
      const stats = treasurer.stats(Date.now());
      expect(stats.status).toBe('ALERT');
      expect(stats.headline).toMatch(/refunded withdrawal\(s\) paid on chain too/);
      const finding = app
        .get(FindingsService)
        .recent(50, 'treasurer')
        .find((f) => f.type === 'withdrawal-paid-after-refund');
      expect(finding).toMatchObject({
        severity: 'critical',
        location: `withdrawal ${w.id} (chain tx ${res.body.txId})`,
      });
      // money paid twice stops AMINA play and withdrawals until an operator resumes them
      const [sw] = await sql.query<{ active: boolean; reason: string }>(
        `SELECT active, reason FROM operator_switches WHERE name = 'amina_paused'`,
      );
      expect(sw).toEqual({
        active: true,
        reason: `automatic (reconciliation): 1 refunded withdrawal(s) were paid on chain anyway (${res.body.txId})`,
      });
      expect((await withdraw(p, '0.01')).status).toBe(423);
      await sql.query(
        `UPDATE operator_switches SET active = false, reason = 'test: resumed' WHERE name = 'amina_paused'`,
      );

      // the operator's resolution, so later suites start from a consistent house: the refund is taken back
      await app.get(SettlementService).apply(sql.pool, {
        kind: 'adjustment',
        userId: p.id,
        currency: 'AMINA',
        delta: -25_000_000n,
        note: 'test-adjust',
      });
      await sql.query(`UPDATE withdrawals SET status = 'confirmed', flag = NULL, flagged_at = NULL WHERE id = $1`, [
        w.id,
      ]);
      expect((await treasurer.refresh()).withdrawals.paidAfterRefund).toBe(0);
    });
  });

  describe('GET /api/crypto/withdrawals/:id (the cashier polls a pending withdrawal, issue 26 item 9)', () => {
    it('follows a pending withdrawal to confirmed, and a refunded one with its reason; only the own account', async () => {
      const { p, account } = await freshPlayer(2n * U);
      const other = await freshPlayer(0n);
      const to = account.addr.toString();
      await net.faults({ failSends: true });
      const res = await withdraw(p, '0.3');
      expect(res.body).toMatchObject({ status: 'pending', txId: expect.stringMatching(/^[A-Z2-7]{52}$/) });
      const id = res.body.withdrawalId as string;
      const url = `/api/crypto/withdrawals/${id}`;
      expect(await p.get(url)).toEqual({
        status: 200,
        body: { withdrawalId: id, status: 'sending', amount: '0.3', toAddress: to, txId: res.body.txId },
      });

      // the node takes sends again: recovery resends the same bytes, and the withdrawal is confirmed
      await net.faults({ failSends: false });
      await recover();
      expect(await p.get(url)).toEqual({
        status: 200,
        body: { withdrawalId: id, status: 'confirmed', amount: '0.3', toAddress: to, txId: res.body.txId },
      });

      // one that never lands (every send refused until past lastValid) is refunded, with the reason
      await net.faults({ failSends: true });
      const lost = await withdraw(p, '0.2');
      expect(lost.body).toMatchObject({ status: 'pending' });
      await net.advance(60);
      await recover();
      expect(await p.get(`/api/crypto/withdrawals/${lost.body.withdrawalId}`)).toEqual({
        status: 200,
        body: {
          withdrawalId: lost.body.withdrawalId,
          status: 'refunded',
          amount: '0.2',
          toAddress: to,
          txId: lost.body.txId,
          reason: 'expired without confirmation',
        },
      });

      // another player's withdrawal, an unknown id and a malformed one
      expect(await other.p.get(url)).toMatchObject({
        status: 404,
        body: { message: `No withdrawal ${id} in your account` },
      });
      expect(await p.get('/api/crypto/withdrawals/999999999')).toMatchObject({
        status: 404,
        body: { message: 'No withdrawal 999999999 in your account' },
      });
      expect(await p.get('/api/crypto/withdrawals/abc')).toMatchObject({
        status: 400,
        body: { message: 'withdrawalId must be the id POST /api/crypto/withdraw answered' },
      });
    });
  });

  describe('limits (issue 21 item 6)', () => {
    it.each([
      ['0.0009', 'Minimum withdrawal is 0.001 AMINA'],
      ['0.00000001', 'Minimum withdrawal is 0.001 AMINA'],
      ['10.5', 'Daily withdrawal limit is 10 AMINA: you can withdraw 10 more today (UTC)'],
    ])('refuses %s AMINA with "%s" and moves nothing', async (amount, message) => {
      const { p } = await freshPlayer(20n * U);
      const res = await withdraw(p, amount);
      expect(res).toMatchObject({ status: 400, body: { message } });
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(20n * U));
      expect(await sql.query(`SELECT 1 FROM withdrawals WHERE user_id = $1`, [p.id])).toHaveLength(0);
    });

    it('10 concurrent withdrawals cannot together pass the daily maximum: exactly 6 of 1.5 pass, the rest are told what is left; refunds do not count', async () => {
      const { p, account } = await freshPlayer(20n * U);
      const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(p, '1.5')));
      const ok = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status !== 200);
      expect(ok).toHaveLength(6);
      expect(refused.map((r) => [r.status, r.body.message])).toEqual(
        Array(4).fill([400, 'Daily withdrawal limit is 10 AMINA: you can withdraw 1 more today (UTC)']),
      );
      expect(await p.get(`/api/crypto/withdraw/limits?walletAddress=${p.walletAddress}`)).toMatchObject({
        status: 200,
        body: { minAmina: '0.001', dailyMaxAmina: '10', withdrawnTodayAmina: '9', remainingTodayAmina: '1' },
      });

      // a refunded withdrawal gives its share of the day back
      await net.faults({ failSends: true });
      const failing = await withdraw(p, '1');
      expect(failing.body.status).toBe('pending');
      expect((await withdraw(p, '0.001')).body.message).toBe(
        'Daily withdrawal limit is 10 AMINA: you can withdraw 0 more today (UTC)',
      );
      await net.advance(60);
      await recover();
      expect(await statusOf(failing.body.txId)).toMatchObject({ status: 'refunded' });
      await net.faults({ failSends: false });
      expect((await withdraw(p, '1')).body.status).toBe('sent');
      expect((await p.get('/api/crypto/withdraw/limits')).body).toMatchObject({
        withdrawnTodayAmina: '10',
        remainingTodayAmina: '0',
      });
      expect(await settledExactly(p, account.addr.toString(), 20n * U)).toEqual({ confirmed: 7, refunded: 1 });
    });

    it('takes the limits from WITHDRAWAL_MIN_AMINA and WITHDRAWAL_DAILY_MAX_AMINA, and the signed-challenge route refuses the same', async () => {
      const strict = await createIntApp({ WITHDRAWAL_MIN_AMINA: '0.5', WITHDRAWAL_DAILY_MAX_AMINA: '2' });
      try {
        const account = algosdk.generateAccount();
        const p = await verifiedPlayer(strict, {
          address: account.addr.toString(),
          mnemonic: algosdk.secretKeyToMnemonic(account.sk),
        });
        expect(
          (await p.post('/api/crypto/withdraw', { walletAddress: p.walletAddress, amount: '0.4' })).body.message,
        ).toBe('Minimum withdrawal is 0.5 AMINA');
        expect((await p.get('/api/crypto/withdraw/limits')).body).toEqual({
          minAmina: '0.5',
          dailyMaxAmina: '2',
          withdrawnTodayAmina: '0',
          remainingTodayAmina: '2',
        });
        const other = net.chain.wallets.find((w) => w.label === 'player-1')!.address;
        const ch = await p.post('/api/crypto/withdraw/challenge', {
          walletAddress: p.walletAddress,
          amount: '3',
          toAddress: other,
        });
        expect(ch).toMatchObject({
          status: 400,
          body: { message: 'Daily withdrawal limit is 2 AMINA: you can withdraw 2 more today (UTC)' },
        });
      } finally {
        await strict.close();
      }
    });
  });

  // last: every answer above was written whole by its schema (test/answers.ts; a signed challenge's is in cashier.int-spec.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/crypto/withdraw/limits',
        'POST /api/crypto/withdraw',
        'GET /api/crypto/withdrawals/:withdrawalId',
      ]),
    });
  });
});
