import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { createHash, createPrivateKey, sign as edSign } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { InsufficientBalanceError } from '../settlement/settlement-errors';
import { answerWatch, createIntApp, intChain } from '../../test/int-app';
import { signIn } from '../../test/player';

describe('wallet: balances, limits, house info and ownership proofs (PostgreSQL + devnet)', () => {
  let app: NestFastifyApplication;
  const chain = intChain();
  const demo = chain.wallets.find((w) => w.optedIn !== false) ?? chain.wallets[0];
  const notOptedIn = chain.wallets.find((w) => w.optedIn === false);

  beforeAll(async () => {
    app = await createIntApp();
  });
  afterAll(() => app.close());

  async function signChallenge(p: Awaited<ReturnType<typeof signIn>>, mnemonic: string) {
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: p.walletAddress });
    expect(ch.status).toBe(200);
    const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
    const signed = txn.signTxn(algosdk.mnemonicToSecretKey(mnemonic).sk);
    return {
      challengeId: ch.body.challengeId as string,
      signedTxnB64: Buffer.from(signed).toString('base64'),
      txn,
      challenge: ch.body,
    };
  }

  it('answers casino balances and the chain opt-in for a wallet, and false for a guest', async () => {
    const p = await signIn(app, demo.address);
    const res = await p.post('/api/crypto/verify-wallet', { walletAddress: demo.address });
    // other suites deposit with the same demo wallets, so AMINA is whatever the ledger says
    expect(res).toMatchObject({
      status: 200,
      body: { balances: { AMINA: expect.stringMatching(/^\d+(\.\d+)?$/), HC: '1000' }, optedIn: true },
    });
    const g = await signIn(app);
    expect((await g.post('/api/crypto/verify-wallet', { walletAddress: g.walletAddress })).body.optedIn).toBe(false);
    if (notOptedIn) {
      const n = await signIn(app, notOptedIn.address);
      expect((await n.post('/api/crypto/verify-wallet', { walletAddress: notOptedIn.address })).body.optedIn).toBe(
        false,
      );
    }
  });

  it('shows the casino balance and the wallet’s AMINA on chain', async () => {
    const p = await signIn(app, demo.address);
    const res = await p.get(`/api/crypto/balance/${demo.address}`);
    expect(res.body).toMatchObject({ walletAddress: demo.address, balances: { HC: '1000' } });
    expect(res.body.balance).toBe(res.body.balances.AMINA);
    expect(Number(res.body.chainAmina)).toBeGreaterThan(0);
  });

  it('answers the configured betting limits', async () => {
    const p = await signIn(app, demo.address);
    expect((await p.get(`/api/crypto/betting-limits/${demo.address}`)).body).toMatchObject({
      min: '0.001',
      max: '1.0',
      maxProfit: expect.stringMatching(/^\d+(\.\d+)?$/),
      games: expect.objectContaining({ 'dice:seven': expect.any(String), slots: expect.any(String) }),
    });
  });

  it('publishes the house facts read from the chain', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/crypto/house-info' });
    expect(res.json()).toMatchObject({
      assetId: chain.assetId,
      name: 'AMINA',
      unit: 'AMINA',
      decimals: 8,
      totalSupply: '1000',
      houseAddress: chain.houseAddress,
      network: 'Algorand devnet',
    });
    expect(res.json().exchangeLinks).toHaveLength(2);
    // what a wallet app needs for a network it does not know (the devnet)
    const params = await (await import('../../test/chain')).chainClients().algod.getTransactionParams().do();
    expect(res.json()).toMatchObject({
      genesisId: params.genesisID,
      genesisHash: Buffer.from(params.genesisHash!).toString('base64'),
    });
  });

  it('proves ownership with a signed never-valid self-payment, once', async () => {
    const p = await signIn(app, demo.address);
    const { challengeId, signedTxnB64, txn, challenge } = await signChallenge(p, demo.mnemonic);
    expect(txn.sender.toString()).toBe(demo.address);
    expect(txn.payment?.receiver.toString()).toBe(demo.address);
    expect(txn.payment?.amount).toBe(0n);
    expect(txn.lastValid).toBe(1n);
    expect(new Date(challenge.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await p.get(`/api/users/${demo.address}`)).body.ownershipVerified).toBe(false);

    const before = Date.now();
    const ok = await p.post('/api/crypto/ownership/verify', { walletAddress: demo.address, challengeId, signedTxnB64 });
    expect(ok).toEqual({ status: 200, body: { ownershipVerified: true, expiresAt: expect.any(String) } });
    // a proven session lasts at most 24 h from the proof
    const ends = new Date(ok.body.expiresAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 60_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 1000);
    expect((await p.get(`/api/users/${demo.address}`)).body.ownershipVerified).toBe(true);

    const again = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId,
      signedTxnB64,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This challenge was already used: request a new one');

    // another browser typing the same address is not verified by this proof
    const other = await signIn(app, demo.address);
    expect((await other.get(`/api/users/${demo.address}`)).body.ownershipVerified).toBe(false);
  });

  it('refuses a signature by another key, a tampered transaction and another session’s challenge', async () => {
    const p = await signIn(app, demo.address);
    const stranger = algosdk.generateAccount();
    const { challengeId, txn } = await signChallenge(p, demo.mnemonic);
    const wrongKey = Buffer.from(txn.signTxn(stranger.sk)).toString('base64');
    const bad = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId,
      signedTxnB64: wrongKey,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'The signature does not prove control of this wallet' },
    });

    const params = {
      fee: 0,
      flatFee: true,
      firstValid: 1,
      lastValid: 1,
      genesisID: txn.genesisID,
      genesisHash: txn.genesisHash,
      minFee: 0,
    };
    const other = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: demo.address,
      receiver: demo.address,
      amount: 0,
      note: new TextEncoder().encode('something else'),
      suggestedParams: params as algosdk.SuggestedParams,
    });
    const tampered = Buffer.from(other.signTxn(algosdk.mnemonicToSecretKey(demo.mnemonic).sk)).toString('base64');
    const res = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId,
      signedTxnB64: tampered,
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'signedTxnB64 is not the challenge transaction' } });

    const thief = await signIn(app, demo.address);
    const stolen = await thief.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId,
      signedTxnB64: wrongKey,
    });
    expect(stolen).toMatchObject({ status: 400, body: { message: 'challengeId: no such challenge for this session' } });
  });

  it('accepts a signBytes ("MX"-prefixed) signature of the challenge data', async () => {
    const p = await signIn(app, demo.address);
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: demo.address });
    const sig = algosdk.signBytes(
      Buffer.from(ch.body.arc60.data, 'base64'),
      algosdk.mnemonicToSecretKey(demo.mnemonic).sk,
    );
    const res = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId: ch.body.challengeId,
      signatureB64: Buffer.from(sig).toString('base64'),
    });
    expect(res.body).toEqual({ ownershipVerified: true, expiresAt: expect.any(String) });
  });

  it('signs a text that names this site, the address, the purpose and a nonce, valid 5 minutes', async () => {
    const p = await signIn(app, demo.address);
    const ch = await p.post(
      '/api/crypto/ownership/challenge',
      { walletAddress: demo.address },
      { origin: 'http://localhost:3000' },
    );
    expect(ch.status).toBe(200);
    const fields = JSON.parse(ch.body.message);
    expect(fields).toMatchObject({
      account_address: demo.address,
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      statement: 'Sign in to Cosmic Casino with this wallet. This signature cannot move funds.',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      'request-id': ch.body.challengeId,
      type: 'ed25519',
      version: '1',
      chain_id: expect.stringMatching(/^algorand:[A-Za-z0-9_-]{32}$/),
    });
    // canonical: keys sorted, so the server and a verifier rebuild the same bytes
    expect(Object.keys(fields)).toEqual([...Object.keys(fields)].sort());
    const ttl = new Date(fields['expiration-time']).getTime() - new Date(fields['issued-at']).getTime();
    expect(ttl).toBe(5 * 60_000);
    expect(ch.body.expiresAt).toBe(fields['expiration-time']);
    const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
    expect(Buffer.from(txn.note).toString()).toBe(ch.body.message);
    expect(Buffer.from(ch.body.arc60.data, 'base64').toString()).toBe(ch.body.message);
    expect(ch.body.arc60.domain).toBe('localhost:3000');
    expect(ch.body.arc60.authenticatorData).toBe(createHash('sha256').update('localhost:3000').digest('base64'));
    // a page of another site cannot ask for one
    const foreign = await p.post(
      '/api/crypto/ownership/challenge',
      { walletAddress: demo.address },
      { origin: 'https://evil.example' },
    );
    expect(foreign).toMatchObject({ status: 403, body: { message: 'Origin not allowed: https://evil.example' } });
  });

  it('accepts an ARC-60 signData signature (scope AUTH) and refuses authenticator data made for another site', async () => {
    const key = algosdk.mnemonicToSecretKey(demo.mnemonic);
    const arc60Sign = (message: string, authData: Buffer) => {
      const toSign = Buffer.concat([
        createHash('sha256').update(message).digest(),
        createHash('sha256').update(authData).digest(),
      ]);
      const pkcs8 = Buffer.concat([
        Buffer.from('302e020100300506032b657004220420', 'hex'),
        Buffer.from(key.sk.subarray(0, 32)),
      ]);
      return edSign(null, toSign, createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).toString('base64');
    };
    const p = await signIn(app, demo.address);
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: demo.address });
    const elsewhere = createHash('sha256').update('evil.example').digest();
    const wrong = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId: ch.body.challengeId,
      signatureB64: arc60Sign(ch.body.message, elsewhere),
      authenticatorDataB64: elsewhere.toString('base64'),
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'authenticatorDataB64 was not made for this site' } });
    const authData = Buffer.from(ch.body.arc60.authenticatorData, 'base64');
    const ok = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId: ch.body.challengeId,
      signatureB64: arc60Sign(ch.body.message, authData),
      authenticatorDataB64: authData.toString('base64'),
    });
    expect(ok).toMatchObject({ status: 200, body: { ownershipVerified: true } });
  });

  it('refuses an expired challenge (5 minutes) and leaves the session watch-only', async () => {
    const p = await signIn(app, demo.address);
    const { challengeId, signedTxnB64 } = await signChallenge(p, demo.mnemonic);
    await app
      .get(SqlService)
      .query(`UPDATE ownership_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, [challengeId]);
    const res = await p.post('/api/crypto/ownership/verify', {
      walletAddress: demo.address,
      challengeId,
      signedTxnB64,
    });
    expect(res).toMatchObject({ status: 409, body: { message: 'This challenge has expired: request a new one' } });
    expect((await p.get(`/api/users/${demo.address}`)).body.ownershipVerified).toBe(false);
  });

  it('a proven session ends after 24 h and sign-out ends it at once, on the server', async () => {
    const sql = app.get(SqlService);
    const p = await signIn(app, demo.address);
    const { challengeId, signedTxnB64 } = await signChallenge(p, demo.mnemonic);
    expect(
      (await p.post('/api/crypto/ownership/verify', { walletAddress: demo.address, challengeId, signedTxnB64 })).status,
    ).toBe(200);
    const bet = { walletAddress: demo.address, betAmount: '1', currency: 'HC', betType: 'low' };
    expect((await p.post('/api/games/dice', bet)).status).toBe(200);
    // the 24 h have passed: the cookie no longer resolves, and a bet is refused
    await sql.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND ownership_verified_at IS NOT NULL AND revoked_at IS NULL`,
      [p.id],
    );
    expect((await p.get(`/api/users/${demo.address}`)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 2100)); // the dice route's 2 s session memory; place_bet() re-checks anyway
    expect((await p.post('/api/games/dice', bet)).status).toBe(401);

    const q = await signIn(app, demo.address);
    const c2 = await signChallenge(q, demo.mnemonic);
    expect(
      (
        await q.post('/api/crypto/ownership/verify', {
          walletAddress: demo.address,
          challengeId: c2.challengeId,
          signedTxnB64: c2.signedTxnB64,
        })
      ).status,
    ).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: q.cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/cosmic_session=;/);
    expect((await q.get(`/api/users/${demo.address}`)).status).toBe(401);
    expect((await q.post('/api/games/dice', bet)).status).toBe(401);
    const [row] = await sql.query<{ revoked: boolean }>(
      `SELECT revoked_at IS NOT NULL AS revoked FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [q.id],
    );
    expect(row.revoked).toBe(true);
  });

  it('refuses guests and other wallets', async () => {
    const g = await signIn(app);
    expect((await g.post('/api/crypto/ownership/challenge', { walletAddress: g.walletAddress })).status).toBe(403);
    const p = await signIn(app, demo.address);
    expect((await p.get(`/api/crypto/balance/${chain.houseAddress}`)).status).toBe(403);
  });

  it('hides /api/dev/wallets when the API does not run its own devnet', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/wallets' })).statusCode).toBe(404);
  });

  it('keeps 200 concurrent balance changes on one account exact and never negative', async () => {
    const p = await signIn(app);
    const sql = app.get(SqlService);
    const ledger = app.get(SettlementService);
    const unit = 100_000_000n;
    // 1000 HC; 200 debits of 7 HC would need 1400: exactly 142 may succeed
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        sql.tx(
          (db) =>
            ledger.apply(db, { kind: 'adjustment', userId: p.id, currency: 'HC', delta: -7n * unit, note: 'test' }),
          null,
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(142);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientBalanceError),
    ).toBe(true);
    const [row] = await sql.query<{ amount: string; sum: string }>(
      `SELECT amount, (SELECT sum(delta) FROM ledger WHERE user_id = $1 AND currency = 'HC') AS sum FROM balances WHERE user_id = $1 AND currency = 'HC'`,
      [p.id],
    );
    expect(row.amount).toBe(String(1000n * unit - 142n * 7n * unit));
    expect(row.sum).toBe(row.amount);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/crypto/house-info',
        'POST /api/crypto/verify-wallet',
        'GET /api/crypto/balance/:walletAddress',
        'GET /api/crypto/betting-limits/:walletAddress',
        'POST /api/crypto/ownership/challenge',
        'POST /api/crypto/ownership/verify',
      ]),
    });
  });
});
