import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { createHash, createPrivateKey, sign as edSign } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { createIntApp, intChain } from '../../test/int-app';
import type { TestPlayer } from '../../test/player';

/**
 * Issue 37 item 1: the site a signed challenge names came from the request's Host header, so a
 * phishing page proxying the casino got challenges naming itself, signed them, and proved the
 * victim's wallet. Now the site is configuration (PUBLIC_ORIGIN): a request whose Host or Origin
 * is not a configured public origin gets no challenge, and a signature over a challenge naming
 * another site proves nothing.
 */
describe('public origin: challenges name only the configured site (PostgreSQL + devnet)', () => {
  const SITE = 'https://casino.example';
  // an origin the CORS allow-list lets call the API, but not the casino's own site
  const PARTNER = 'https://partner.example';
  let app: NestFastifyApplication;
  const chain = intChain();
  const victim = chain.wallets.find((w) => w.optedIn !== false) ?? chain.wallets[0];
  const other = chain.wallets.find((w) => w.address !== victim.address)!;
  const key = algosdk.mnemonicToSecretKey(victim.mnemonic);

  beforeAll(async () => {
    app = await createIntApp({ PUBLIC_ORIGIN: SITE, CORS_ORIGINS: `${SITE},${PARTNER}` });
  });
  afterAll(() => app.close());

  /** POST /api/users as the request reached the API (Host, Origin), keeping the session cookie. */
  async function session(headers: Record<string, string>): Promise<TestPlayer> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: victim.address },
      headers,
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, h: Record<string, string> = {}) => {
      const r = await app.inject({ method, url, payload: payload as object, headers: { cookie, ...headers, ...h } });
      return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
    };
    return {
      walletAddress: victim.address,
      id: res.json().id,
      cookie,
      get: (url) => call('GET', url),
      post: (url, body = {}, h) => call('POST', url, body, h),
    };
  }

  /** An ARC-60 (scope AUTH) signature of `message` with the victim's key. */
  function arc60Sign(message: string, authData: Buffer): string {
    const toSign = Buffer.concat([
      createHash('sha256').update(message).digest(),
      createHash('sha256').update(authData).digest(),
    ]);
    const pkcs8 = Buffer.concat([
      Buffer.from('302e020100300506032b657004220420', 'hex'),
      Buffer.from(key.sk.subarray(0, 32)),
    ]);
    return edSign(null, toSign, createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).toString('base64');
  }

  /** A session of the victim's wallet proven through the configured site. */
  async function proven(): Promise<TestPlayer> {
    const p = await session({ host: 'casino.example' });
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: victim.address }, { origin: SITE });
    expect(ch.status).toBe(200);
    const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
    const v = await p.post('/api/crypto/ownership/verify', {
      walletAddress: victim.address,
      challengeId: ch.body.challengeId,
      signedTxnB64: Buffer.from(txn.signTxn(key.sk)).toString('base64'),
    });
    expect(v).toMatchObject({ status: 200, body: { ownershipVerified: true } });
    return p;
  }

  const challengeCount = async (userId: string) =>
    Number(
      (
        await app
          .get(SqlService)
          .pool.query('SELECT count(*)::int AS n FROM ownership_challenges WHERE user_id = $1', [userId])
      ).rows[0].n,
    );

  it('refuses a sign-in challenge asked with Host: evil.example (the phishing proxy), making none', async () => {
    const p = await session({ host: 'evil.example' });
    // the victim's wallet may hold challenges from other suites: none is added
    const before = await challengeCount(p.id);
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: victim.address });
    expect(ch).toMatchObject({ status: 403, body: { message: 'Host not allowed: evil.example' } });
    expect(await challengeCount(p.id)).toBe(before);
  });

  it.each([
    ['a foreign page', 'http://evil.example'],
    ['an origin only the CORS allow-list knows', PARTNER],
    ['the site on another scheme', 'http://casino.example'],
  ])('refuses a sign-in challenge asked from %s (Origin %s), making none', async (_what, origin) => {
    const p = await session({ host: 'casino.example' });
    const before = await challengeCount(p.id);
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: victim.address }, { origin });
    expect(ch).toMatchObject({ status: 403, body: { message: `Origin not allowed: ${origin}` } });
    expect(await challengeCount(p.id)).toBe(before);
  });

  it('names the configured site, with or without an Origin header, and proves the wallet', async () => {
    for (const headers of [{ host: 'casino.example', origin: SITE }, { host: 'casino.example' }] as Array<
      Record<string, string>
    >) {
      const p = await session(headers);
      const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: victim.address });
      expect(ch.status).toBe(200);
      expect(JSON.parse(ch.body.message)).toMatchObject({ domain: 'casino.example', uri: SITE });
      expect(ch.body.arc60).toMatchObject({
        domain: 'casino.example',
        authenticatorData: createHash('sha256').update('casino.example').digest('base64'),
      });
      const authData = Buffer.from(ch.body.arc60.authenticatorData, 'base64');
      const ok = await p.post('/api/crypto/ownership/verify', {
        walletAddress: victim.address,
        challengeId: ch.body.challengeId,
        signatureB64: arc60Sign(ch.body.message, authData),
        authenticatorDataB64: authData.toString('base64'),
      });
      expect(ok).toMatchObject({ status: 200, body: { ownershipVerified: true } });
    }
  });

  it('refuses a signature over a challenge naming another site, however that challenge was made', async () => {
    const p = await session({ host: 'casino.example' });
    const ch = await p.post('/api/crypto/ownership/challenge', { walletAddress: victim.address });
    expect(ch.status).toBe(200);
    // the challenge as the old code made it behind a phishing proxy (one stored before the fix)
    const forged = ch.body.message
      .replace('"domain":"casino.example"', '"domain":"evil.example"')
      .replace(`"uri":"${SITE}"`, '"uri":"http://evil.example"');
    expect(JSON.parse(forged)).toMatchObject({ domain: 'evil.example', uri: 'http://evil.example' });
    await app
      .get(SqlService)
      .pool.query(`UPDATE ownership_challenges SET message = $2, domain = 'evil.example' WHERE id = $1`, [
        ch.body.challengeId,
        forged,
      ]);
    const evilAuth = createHash('sha256').update('evil.example').digest();
    const res = await p.post('/api/crypto/ownership/verify', {
      walletAddress: victim.address,
      challengeId: ch.body.challengeId,
      signatureB64: arc60Sign(forged, evilAuth),
      authenticatorDataB64: evilAuth.toString('base64'),
    });
    expect(res).toMatchObject({
      status: 403,
      body: { message: 'This challenge names evil.example, not this casino: request a new one' },
    });
    // the session stayed watch-only: it may not ask to move funds
    const move = await p.post('/api/crypto/withdraw/challenge', {
      walletAddress: victim.address,
      amount: '0.1',
      toAddress: other.address,
    });
    expect(move.status).toBe(403);
    expect(move.body.message).not.toMatch(/not allowed/);
  });

  describe('withdrawal challenges', () => {
    const ask = (p: TestPlayer, headers: Record<string, string>) =>
      p.post(
        '/api/crypto/withdraw/challenge',
        { walletAddress: victim.address, amount: '0.1', toAddress: other.address },
        headers,
      );

    it('refuses one asked with a foreign Host, making none', async () => {
      const p = await proven();
      const before = await challengeCount(p.id);
      const ch = await ask(p, { host: 'evil.example' });
      expect(ch).toMatchObject({ status: 403, body: { message: 'Host not allowed: evil.example' } });
      expect(await challengeCount(p.id)).toBe(before);
    });

    it.each([['http://evil.example'], [PARTNER]])('refuses one asked with Origin %s, making none', async (origin) => {
      const p = await proven();
      const before = await challengeCount(p.id);
      const ch = await ask(p, { origin });
      expect(ch).toMatchObject({ status: 403, body: { message: `Origin not allowed: ${origin}` } });
      expect(await challengeCount(p.id)).toBe(before);
    });

    it('names the configured site when asked through it, with or without an Origin header', async () => {
      const p = await proven();
      for (const headers of [{ origin: SITE }, {}] as Array<Record<string, string>>) {
        const ch = await ask(p, headers);
        expect(ch.status).toBe(200);
        expect(JSON.parse(ch.body.message)).toMatchObject({ domain: 'casino.example', uri: SITE });
      }
    });
  });
});
