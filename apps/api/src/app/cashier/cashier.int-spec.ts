import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
import { ledgerExact } from '../../test/seeds';
import { chainClients, deposit, verifiedPlayer } from '../../test/chain';
import { AlgorandClient } from '../chain/algorand.client';
import { DepositsService } from './deposits.service';
import { ReconciliationService } from './reconciliation.service';
import { WithdrawalsService } from './withdrawals.service';

describe('cashier: AMINA deposits and withdrawals against the devnet (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  const net = chainClients();
  const wallet = (label: string) => {
    const w = net.chain.wallets.find((x) => x.label === label);
    if (!w) throw new Error(`no ${label}`);
    return w;
  };

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterEach(() => net.clearFaults());
  afterAll(async () => {
    // a deposit notice records only its own txid: the transfers this suite sent to the house
    // without one are recorded now, as the watcher would, so no later suite finds them pending
    await app.get(DepositsService).scan();
    await app.close();
  });

  describe('deposits', () => {
    it('credits a deposit exactly once: notified twice, scanned again by a restarted watcher', async () => {
      const w = wallet('player-1');
      const p = await signIn(app, w.address);
      // other suites may have credited this demo wallet already: everything below is relative to now
      const owed = BigInt((await ledgerExact(sql, p.id))['AMINA']);
      const before = await net.aminaOf(w.address);
      const txId = await deposit(p, w.mnemonic, '1.5');
      expect(await net.aminaOf(w.address)).toBe(before - 150_000_000n);

      const first = await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
      expect(first.body).toEqual({ txId, status: 'credited', amount: '1.5' });
      const second = await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
      expect(second.body.status).toBe('credited');

      const restarted = await createIntApp();
      try {
        await restarted.get(DepositsService).scan();
      } finally {
        await restarted.close();
      }
      expect((await p.get(`/api/users/${w.address}`)).body.aminaBalance).toBe(money(owed + 150_000_000n));
      expect(await ledgerExact(sql, p.id)).toMatchObject({ AMINA: String(owed + 150_000_000n) });
      // the history (senders, txids) is the proven owner's: a watch-only session gets 403 (issue 37 item 6)
      expect((await p.get('/api/crypto/transactions')).status).toBe(403);
      const tx = (await (await verifiedPlayer(app, w)).get('/api/crypto/transactions')).body;
      expect(tx[0]).toMatchObject({ kind: 'deposit', id: txId, amount: '1.5', status: 'credited' });
    });

    it('a notice looks up only its own txid (never a scan of the indexer) and credits it; a flood of notices is throttled', async () => {
      // player-1: the AMINA it keeps is checked by no other test (player-2's and player-3's are)
      const w = wallet('player-1');
      const p = await signIn(app, w.address);
      const before = BigInt((await ledgerExact(sql, p.id))['AMINA']);
      const txId = await deposit(p, w.mnemonic, '0.75');
      // past the notice window of the test before (same player), so this one starts afresh
      const realNow = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 5_001);
      const scan = jest.spyOn(app.get(DepositsService), 'scan');
      const search = jest.spyOn(app.get(AlgorandClient), 'transfersToHouse');
      const lookup = jest.spyOn(app.get(AlgorandClient), 'transferToHouse');
      try {
        const first = await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
        expect(first).toEqual({ status: 200, body: { txId, status: 'credited', amount: '0.75' } });
        expect(lookup.mock.calls).toEqual([[txId]]);
        expect(await ledgerExact(sql, p.id)).toMatchObject({ AMINA: String(before + 75_000_000n) });

        // 3 notices per 5 s per player: the flood's first two pass (answered from the database), the rest are refused
        const flood = await Promise.all(
          Array.from({ length: 8 }, () =>
            app.inject({
              method: 'POST',
              url: '/api/crypto/notify-deposit',
              payload: { walletAddress: w.address, txId },
              headers: { cookie: p.cookie },
            }),
          ),
        );
        expect(flood.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
        const refused = flood.find((r) => r.statusCode === 429)!;
        expect(refused.json()).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests: slow down',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(5);
        // another player is not throttled by this one's flood
        const other = await signIn(app);
        expect(
          (await other.post('/api/crypto/notify-deposit', { walletAddress: other.walletAddress, txId: 'A'.repeat(52) }))
            .body,
        ).toEqual({ txId: 'A'.repeat(52), status: 'pending' });

        // nothing started a scan, and the txid already recorded was not even looked up again
        expect(scan).not.toHaveBeenCalled();
        expect(search).not.toHaveBeenCalled();
        expect(lookup.mock.calls.filter(([id]) => id === txId)).toHaveLength(1);
        const rows = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ledger WHERE ref = $1`, [`tx:${txId}`]);
        expect(rows[0].n).toBe('1');
      } finally {
        jest.restoreAllMocks();
      }
    });

    it.each([
      [undefined, 'Please enter deposit amount'],
      ['0', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
      ['10.00000001', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
      ['0.000000001', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
      ['-1', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
      ['abc', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
    ])('refuses a deposit amount of %j', async (amount, message) => {
      const w = wallet('player-1');
      const p = await signIn(app, w.address);
      const res = await p.post('/api/crypto/build-deposit', { walletAddress: w.address, amount });
      expect(res).toMatchObject({ status: 400, body: { message } });
    });

    it('refuses a wallet that has not opted in, and guests', async () => {
      const w = wallet('player-no-optin');
      const p = await signIn(app, w.address);
      const res = await p.post('/api/crypto/build-deposit', { walletAddress: w.address, amount: '1' });
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'Your wallet has not opted in to AMINA: opt in first, then deposit' },
      });
      const g = await signIn(app);
      expect((await g.post('/api/crypto/build-deposit', { walletAddress: g.walletAddress, amount: '1' })).status).toBe(
        403,
      );
    });

    it('relays only AMINA transfers from the wallet to the house', async () => {
      const w = wallet('player-1');
      const p = await signIn(app, w.address);
      const params = await net.algod.getTransactionParams().do();
      const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: w.address,
        receiver: w.address,
        amount: 1,
        suggestedParams: params,
      });
      const signed = Buffer.from(pay.signTxn(algosdk.mnemonicToSecretKey(w.mnemonic).sk)).toString('base64');
      const res = await p.post('/api/crypto/submit-deposit', { walletAddress: w.address, signedTxnB64: signed });
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'signedTxnB64 must be an AMINA transfer from your wallet to the house' },
      });
    });

    it('parks a transfer from an unknown sender without a deposit note', async () => {
      const w = wallet('player-4');
      const params = await net.algod.getTransactionParams().do();
      const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: w.address,
        receiver: net.chain.houseAddress,
        amount: 25_000_000n,
        assetIndex: BigInt(net.chain.assetId),
        suggestedParams: params,
      });
      const { txid } = await net.algod.sendRawTransaction(txn.signTxn(algosdk.mnemonicToSecretKey(w.mnemonic).sk)).do();
      const report = await app.get(DepositsService).scan();
      expect(report.ran).toBe(true);
      const rows = await sql.query<{ status: string; user_id: string | null; reason: string }>(
        `SELECT status, user_id, reason FROM chain_deposits WHERE tx_id = $1`,
        [txid],
      );
      expect(rows[0]).toEqual({ status: 'parked', user_id: null, reason: 'unknown sender, no deposit note' });
    });

    it('credits once when two instances run the watcher at the same time', async () => {
      const w = wallet('player-3');
      const p = await signIn(app, w.address);
      const owed = BigInt((await ledgerExact(sql, p.id))['AMINA']);
      const txId = await deposit(p, w.mnemonic, '0.25');
      const other = await createIntApp();
      try {
        const reports = await Promise.all([
          app.get(DepositsService).scan(),
          other.get(DepositsService).scan(),
          app.get(DepositsService).scan(),
        ]);
        expect(reports.some((r) => r.ran)).toBe(true);
      } finally {
        await other.close();
      }
      const rows = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ledger WHERE ref = $1`, [`tx:${txId}`]);
      expect(rows[0].n).toBe('1');
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(owed + 25_000_000n));
    });

    it('issue 40: a transfer built and never signed reads "not sent" once the watcher has scanned past its last valid round', async () => {
      const w = wallet('player-2');
      const p = await verifiedPlayer(app, w);
      const history = async () => (await p.get('/api/crypto/transactions')).body as Array<Record<string, unknown>>;
      const built = await p.post('/api/crypto/build-deposit', { walletAddress: w.address, amount: '2' });
      const abandoned = built.body.intentId as string;
      const lastValid = algosdk.decodeUnsignedTransaction(Buffer.from(built.body.txnB64, 'base64')).lastValid;
      // the player's other deposit, signed and sent: it lands before the chain moves on
      const sent = await deposit(p, w.mnemonic, '0.1');
      await app.get(DepositsService).scan();
      expect((await history()).find((t) => t.id === abandoned)).toMatchObject({
        kind: 'deposit',
        amount: '2',
        status: 'awaiting signature',
        txId: null,
      });

      // the chain passes the transfer's last valid round: until the watcher has scanned that far the
      // server does not know it never landed, and says nothing new
      const round = BigInt((await net.algod.status().do()).lastRound);
      await net.advance(Number(lastValid - round) + 1);
      expect((await history()).find((t) => t.id === abandoned)?.['status']).toBe('awaiting signature');
      await app.get(DepositsService).scan();
      const after = await history();
      expect(after.find((t) => t.id === abandoned)).toMatchObject({ amount: '2', status: 'not sent', txId: null });
      // the one that landed is the credited transfer, never "not sent"
      expect(after.find((t) => t.id === sent)).toMatchObject({ amount: '0.1', status: 'credited' });
      expect(after.filter((t) => t.status === 'not sent').map((t) => t.amount)).not.toContain('0.1');
    });
  });

  describe('withdrawals', () => {
    async function funded(label: string, amount: string) {
      const w = wallet(label);
      const p = await verifiedPlayer(app, w);
      const txId = await deposit(p, w.mnemonic, amount);
      await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
      return { p, w };
    }
    const withdraw = (p: Awaited<ReturnType<typeof funded>>['p'], body: Record<string, unknown>) =>
      p.post('/api/crypto/withdraw', { walletAddress: p.walletAddress, ...body });

    it('sends a withdrawal once and debits the balance', async () => {
      const { p, w } = await funded('player-2', '2');
      const owed = BigInt((await ledgerExact(sql, p.id))['AMINA']); // 2 AMINA, plus what other suites left
      const chainBefore = await net.aminaOf(w.address);
      const res = await withdraw(p, { amount: '1.25', toAddress: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'sent',
        txId: expect.stringMatching(/^[A-Z2-7]{52}$/),
        message: `Withdrawal of 1.25 AMINA sent to ${w.address}`,
      });
      expect(await net.aminaOf(w.address)).toBe(chainBefore + 125_000_000n);
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(owed - 125_000_000n));
      const [row] = await sql.query<{ status: string }>(`SELECT status FROM withdrawals WHERE tx_id = $1`, [
        res.body.txId,
      ]);
      expect(row.status).toBe('confirmed');
    });

    it('a self-excluded player is offered no deposit; one sent anyway is credited without enabling play, and can be withdrawn', async () => {
      // player-1: the AMINA it keeps is checked by no other test
      const { p, w } = await funded('player-1', '0.5');
      await app.get(DepositsService).scan(); // credits this player's deposits whose notices the tests above throttled
      const before = BigInt((await ledgerExact(sql, p.id))['AMINA']);
      try {
        expect(
          (await p.post('/api/responsible-gaming/self-exclude', { walletAddress: w.address, period: '6m' })).status,
        ).toBe(200);
        const intents = async () =>
          (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM deposit_intents WHERE user_id = $1`, [p.id]))[0].n;
        const intentsBefore = await intents();
        const built = await p.post('/api/crypto/build-deposit', { walletAddress: w.address, amount: '0.2' });
        expect(built.status).toBe(403);
        expect(built.body.error).toBe('SELF_EXCLUDED');
        expect(built.body.message).toMatch(
          /^You are self-excluded until \d{4}-\d\d-\d\d \d\d:\d\d UTC: deposits are blocked until then\. What is in your account can still be withdrawn\.$/,
        );
        expect(await intents()).toBe(intentsBefore);

        // sent anyway, straight from the wallet without an intent: credited to the account of its sender
        const params = await net.algod.getTransactionParams().do();
        const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
          sender: w.address,
          receiver: net.chain.houseAddress,
          amount: 20_000_000n,
          assetIndex: BigInt(net.chain.assetId),
          suggestedParams: params,
        });
        const { txid } = await net.algod
          .sendRawTransaction(txn.signTxn(algosdk.mnemonicToSecretKey(w.mnemonic).sk))
          .do();
        await algosdk.waitForConfirmation(net.algod, txid, 5);
        await app.get(DepositsService).scan(); // the watcher finds it (this player's notices are throttled by the tests above)
        const [credited] = await sql.query<{ status: string; user_id: string }>(
          `SELECT status, user_id FROM chain_deposits WHERE tx_id = $1`,
          [txid],
        );
        expect(credited).toEqual({ status: 'credited', user_id: p.id });
        expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(before + 20_000_000n));

        // play stays blocked; the whole balance is withdrawable
        const bet = await p.post('/api/games/dice', {
          walletAddress: w.address,
          currency: 'AMINA',
          betAmount: '0.01',
          betType: 'low',
        });
        expect(bet).toMatchObject({ status: 403, body: { error: 'SELF_EXCLUDED' } });
        const out = await withdraw(p, { amount: money(before + 20_000_000n) });
        expect(out).toMatchObject({ status: 200, body: { status: 'sent' } });
        expect((await ledgerExact(sql, p.id))['AMINA']).toBe('0');
      } finally {
        await sql.query(
          `UPDATE player_limits SET self_excluded_until = NULL, play_confirm_needed = false WHERE user_id = $1`,
          [p.id],
        );
      }
    });

    it("refuses more than the balance with the spec's text and moves nothing", async () => {
      const { p } = await funded('player-2', '0.5');
      const balance = await ledgerExact(sql, p.id);
      const res = await withdraw(p, { amount: '1000' });
      expect(res).toMatchObject({
        status: 400,
        body: { message: "Insufficient Balance: You don't have enough AMINA tokens" },
      });
      expect(await ledgerExact(sql, p.id)).toEqual(balance);
      expect((await withdraw(p, {})).body.message).toBe('Please enter withdrawal amount');
    });

    /** Asks for the withdrawal challenge and signs it with `mnemonic` (the proven wallet's key, or not). */
    async function signedWithdrawal(
      p: Awaited<ReturnType<typeof funded>>['p'],
      mnemonic: string,
      amount: string,
      toAddress: string,
    ) {
      const ch = await p.post('/api/crypto/withdraw/challenge', { walletAddress: p.walletAddress, amount, toAddress });
      expect(ch.status).toBe(200);
      const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
      return {
        challenge: ch.body,
        challengeId: ch.body.challengeId as string,
        signedTxnB64: Buffer.from(txn.signTxn(algosdk.mnemonicToSecretKey(mnemonic).sk)).toString('base64'),
      };
    }

    it('refuses a receiver that has not opted in, with nothing debited', async () => {
      const { p, w } = await funded('player-2', '0.5');
      const balance = await ledgerExact(sql, p.id);
      const to = wallet('player-no-optin').address;
      const { challengeId, signedTxnB64 } = await signedWithdrawal(p, w.mnemonic, '0.1', to);
      const res = await withdraw(p, { amount: '0.1', toAddress: to, challengeId, signedTxnB64 });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/opted in/i);
      expect(await ledgerExact(sql, p.id)).toEqual(balance);
    });

    it('another destination needs a fresh signature over destination and amount by the proven key; the house is refused', async () => {
      const { p, w } = await funded('player-2', '1');
      const to = wallet('player-1');
      const toBefore = await net.aminaOf(to.address);
      const balance = await ledgerExact(sql, p.id);

      const unsigned = await withdraw(p, { amount: '0.2', toAddress: to.address });
      expect(unsigned).toMatchObject({
        status: 403,
        body: {
          error: 'SIGNATURE_REQUIRED',
          message: `Withdrawals go to your signed-in wallet; to send to ${to.address}, sign the withdrawal with your wallet first (POST /api/crypto/withdraw/challenge)`,
        },
      });

      // the text names the amount and the destination
      const { challenge, challengeId, signedTxnB64 } = await signedWithdrawal(p, w.mnemonic, '0.2', to.address);
      expect(JSON.parse(challenge.message).statement).toBe(`Withdraw 0.2 AMINA from Cosmic Casino to ${to.address}.`);

      // signed by another key, or used for another amount: refused, nothing moves, the challenge stays usable
      const forged = await signedWithdrawal(p, to.mnemonic, '0.2', to.address);
      expect(
        await withdraw(p, {
          amount: '0.2',
          toAddress: to.address,
          challengeId: forged.challengeId,
          signedTxnB64: forged.signedTxnB64,
        }),
      ).toMatchObject({ status: 400, body: { message: 'The signature does not prove control of this wallet' } });
      expect(await withdraw(p, { amount: '0.3', toAddress: to.address, challengeId, signedTxnB64 })).toMatchObject({
        status: 400,
        body: { message: `The signed withdrawal was for 0.2 AMINA to ${to.address}: sign this one again` },
      });
      expect(await ledgerExact(sql, p.id)).toEqual(balance);

      const ok = await withdraw(p, { amount: '0.2', toAddress: to.address, challengeId, signedTxnB64 });
      expect(ok).toMatchObject({
        status: 200,
        body: { status: 'sent', message: `Withdrawal of 0.2 AMINA sent to ${to.address}` },
      });
      expect(await net.aminaOf(to.address)).toBe(toBefore + 20_000_000n);
      // once only
      expect(await withdraw(p, { amount: '0.2', toAddress: to.address, challengeId, signedTxnB64 })).toMatchObject({
        status: 409,
        body: { message: 'This challenge was already used: request a new one' },
      });

      const house = await withdraw(p, { amount: '0.1', toAddress: net.chain.houseAddress });
      expect(house).toMatchObject({
        status: 400,
        body: { message: 'toAddress is the house account: withdraw to your own wallet' },
      });
      expect(
        (
          await p.post('/api/crypto/withdraw/challenge', {
            walletAddress: p.walletAddress,
            amount: '0.1',
            toAddress: net.chain.houseAddress,
          })
        ).status,
      ).toBe(400);
    });

    it('needs a proven wallet: a watch-only session gets 403', async () => {
      const w = wallet('player-2');
      const watcher = await signIn(app, w.address);
      const res = await watcher.post('/api/crypto/withdraw', { walletAddress: w.address, amount: '0.1' });
      expect(res.status).toBe(403);
    });

    it('node failing BEFORE broadcast: answered pending, then the same bytes are sent once on recovery', async () => {
      const { p, w } = await funded('player-2', '1');
      const chainBefore = await net.aminaOf(w.address);
      await net.faults({ failSends: 503 });
      const res = await withdraw(p, { amount: '0.5' });
      expect(res.body).toMatchObject({ status: 'pending' });
      expect(await net.aminaOf(w.address)).toBe(chainBefore);
      await net.clearFaults();
      await app.get(WithdrawalsService).recover();
      await app.get(WithdrawalsService).recover();
      expect(await net.aminaOf(w.address)).toBe(chainBefore + 50_000_000n);
      const [row] = await sql.query<{ status: string }>(`SELECT status FROM withdrawals WHERE tx_id = $1`, [
        res.body.txId,
      ]);
      expect(row.status).toBe('confirmed');
      await ledgerExact(sql, p.id);
    });

    it('node accepting then timing out DURING broadcast: never sent twice', async () => {
      const { p, w } = await funded('player-2', '1');
      const chainBefore = await net.aminaOf(w.address);
      await net.faults({ acceptThenTimeout: true });
      const res = await withdraw(p, { amount: '0.3' });
      expect(res.body.status).toBe('pending');
      await net.clearFaults();
      for (let i = 0; i < 3; i++) await app.get(WithdrawalsService).recover();
      expect(await net.aminaOf(w.address)).toBe(chainBefore + 30_000_000n);
      const sent = await net.indexer
        .searchForTransactions()
        .address(net.chain.houseAddress)
        .addressRole('sender')
        .notePrefix(new TextEncoder().encode(`amina:wd:`))
        .do();
      expect(sent.transactions.filter((t) => t.id === res.body.txId)).toHaveLength(1);
    });

    it('node gone AFTER broadcast: the withdrawal stays sent and is confirmed later', async () => {
      const { p, w } = await funded('player-2', '1');
      const chainBefore = await net.aminaOf(w.address);
      const balanceBefore = BigInt((await ledgerExact(sql, p.id))['AMINA']);
      const res = await withdraw(p, { amount: '0.2' });
      expect(res.body.status).toBe('sent');
      await net.faults({ down: true });
      const during = await app.get(WithdrawalsService).recover();
      expect(during.refunded).toBe(0);
      await net.clearFaults();
      await app.get(WithdrawalsService).recover();
      expect(await net.aminaOf(w.address)).toBe(chainBefore + 20_000_000n);
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(balanceBefore - 20_000_000n));
    });

    it('a withdrawal that never lands is refunded through the ledger after lastValid', async () => {
      const { p, w } = await funded('player-2', '1');
      const chainBefore = await net.aminaOf(w.address);
      const balanceBefore = BigInt((await ledgerExact(sql, p.id))['AMINA']);
      await net.faults({ failSends: true });
      const res = await withdraw(p, { amount: '0.4' });
      expect(res.body.status).toBe('pending');
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(balanceBefore - 40_000_000n));
      await net.advance(100);
      await app.get(WithdrawalsService).recover();
      await net.clearFaults();
      await app.get(WithdrawalsService).recover();
      expect((await ledgerExact(sql, p.id))['AMINA']).toBe(String(balanceBefore));
      expect(await net.aminaOf(w.address)).toBe(chainBefore);
      const [row] = await sql.query<{ status: string; error: string }>(
        `SELECT status, error FROM withdrawals WHERE tx_id = $1`,
        [res.body.txId],
      );
      expect(row).toEqual({ status: 'refunded', error: 'expired without confirmation' });
    });
  });

  it('reconciles the house: chain AMINA covers liabilities, every outgoing transfer is a withdrawal', async () => {
    const rec = app.get(ReconciliationService);
    await rec.run(); // first run sets the starting round
    const { p, w } = await (async () => {
      const w2 = wallet('player-2');
      const p2 = await verifiedPlayer(app, w2);
      const txId = await deposit(p2, w2.mnemonic, '0.5');
      await p2.post('/api/crypto/notify-deposit', { walletAddress: w2.address, txId });
      return { p: p2, w: w2 };
    })();
    await p.post('/api/crypto/withdraw', { walletAddress: w.address, amount: '0.1' });
    const clean = await rec.run();
    expect(clean?.unknownOutgoing).toEqual([]);
    expect(clean?.surplus).not.toMatch(/^-/);
    expect(clean?.playerLiabilities).not.toBe('0');

    // AMINA leaving the house behind the API's back is flagged
    const house = algosdk.mnemonicToSecretKey(net.chain.houseMnemonic);
    const params = await net.algod.getTransactionParams().do();
    const rogue = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: house.addr,
      receiver: w.address,
      amount: 1n,
      assetIndex: BigInt(net.chain.assetId),
      suggestedParams: params,
    });
    const { txid } = await net.algod.sendRawTransaction(rogue.signTxn(house.sk)).do();
    const flagged = await rec.run();
    expect(flagged?.unknownOutgoing).toEqual([txid]);

    // ...and pauses AMINA play and withdrawals at once, saying why (issue 21 item 5)
    try {
      const [sw] = await sql.query<{ active: boolean; reason: string }>(
        `SELECT active, reason FROM operator_switches WHERE name = 'amina_paused'`,
      );
      expect(sw).toEqual({
        active: true,
        reason: `automatic (reconciliation): 1 AMINA transfer(s) left the house without a withdrawal record (${txid})`,
      });
      expect((await p.post('/api/crypto/withdraw', { walletAddress: w.address, amount: '0.1' })).status).toBe(423);
      expect(
        (
          await p.post('/api/games/dice', {
            walletAddress: w.address,
            currency: 'AMINA',
            betAmount: '0.01',
            betType: 'low',
          })
        ).body.error,
      ).toBe('AMINA_PAUSED');
      expect(
        (await p.post('/api/games/dice', { walletAddress: w.address, currency: 'HC', betAmount: '1', betType: 'low' }))
          .status,
      ).toBe(200);
      // a later run does not overwrite the first reason
      await rec.run();
      expect(
        (await sql.query<{ reason: string }>(`SELECT reason FROM operator_switches WHERE name = 'amina_paused'`))[0]
          .reason,
      ).toBe(sw.reason);
    } finally {
      // what an operator's resume does; the rest of the run needs AMINA
      await sql.query(
        `UPDATE operator_switches SET active = false, reason = 'test: resumed' WHERE name = 'amina_paused'`,
      );
    }
    await p.post('/api/crypto/withdraw', {
      walletAddress: w.address,
      amount: (await p.get(`/api/users/${w.address}`)).body.aminaBalance,
    });
  });

  it('pauses AMINA by itself when players are owed more than the house holds on chain, and says so', async () => {
    const rec = app.get(ReconciliationService);
    const p = await signIn(app);
    const huge = 10_000_000n * 100_000_000n; // more AMINA than exists
    await app
      .get(SettlementService)
      .apply(sql.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: huge, note: 'test-adjust' });
    try {
      const report = await rec.run();
      expect(report?.surplus).toMatch(/^-/);
      const [sw] = await sql.query<{ active: boolean; reason: string }>(
        `SELECT active, reason FROM operator_switches WHERE name = 'amina_paused'`,
      );
      expect(sw.active).toBe(true);
      expect(sw.reason).toMatch(
        /^automatic \(reconciliation\): the house holds [0-9.]+ AMINA on chain but owes players [0-9.]+$/,
      );
    } finally {
      await app
        .get(SettlementService)
        .apply(sql.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: -huge, note: 'test-adjust' });
      await sql.query(
        `UPDATE operator_switches SET active = false, reason = 'test: resumed' WHERE name = 'amina_paused'`,
      );
    }
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/crypto/build-deposit',
        'POST /api/crypto/submit-deposit',
        'POST /api/crypto/notify-deposit',
        'POST /api/crypto/withdraw',
        'POST /api/crypto/withdraw/challenge',
        'GET /api/crypto/transactions',
      ]),
    });
  });
});
