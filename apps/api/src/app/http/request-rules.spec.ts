import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ProofRequiredError, WalletMismatchError } from '../auth/ownership';
import type { SessionService, SessionUser } from '../auth/session.service';
import type { IdempotencyStore } from '../common/idempotency.store';
import { answerOnce, applySessionRules, type PlayerRequest, type SessionRules } from './request-rules';

const user = (over: Partial<SessionUser>): SessionUser => ({
  tokenHash: Buffer.alloc(32),
  userId: '7',
  walletAddress: 'WALLET7',
  username: 'cosmic_7',
  isGuest: false,
  ownershipVerified: true,
  ...over,
});
const PROVEN = user({});
const WATCH_ONLY = user({ ownershipVerified: false });
const GUEST = user({ isGuest: true, ownershipVerified: false, walletAddress: 'GUEST_7' });

/** A SessionService that knows one session (or none), and counts which resolver was asked. */
function sessions(who: SessionUser | null) {
  const asked: string[] = [];
  const service = {
    resolve: async () => (asked.push('resolve'), who),
    resolveCached: async () => (asked.push('cached'), who),
  } as unknown as SessionService;
  return { service, asked };
}

const request = (method: string, body?: unknown, headers: Record<string, string> = {}): PlayerRequest =>
  ({ method, body, headers, url: '/api/x', routeOptions: { url: '/api/x' }, cookies: {} }) as unknown as PlayerRequest;

const PLAY: SessionRules = { write: 'proven', owner: { in: 'body', name: 'walletAddress' } };

describe('applySessionRules: one order for Nest routes and the game routes', () => {
  const cases: [string, SessionRules, string, SessionUser | null, unknown, string][] = [
    ['a write without a session', PLAY, 'POST', null, {}, '401'],
    ['a write by a watch-only wallet', PLAY, 'POST', WATCH_ONLY, {}, '403 proof'],
    ['a write by a proven wallet', PLAY, 'POST', PROVEN, { walletAddress: 'WALLET7' }, 'ok'],
    ['a write by a guest naming its guest id', PLAY, 'POST', GUEST, { walletAddress: '7' }, 'ok'],
    ['a write naming another wallet', PLAY, 'POST', PROVEN, { walletAddress: 'WALLET8' }, '403 mismatch'],
    ['a body wallet that is not a string (left to the schema)', PLAY, 'POST', PROVEN, { walletAddress: 8 }, 'ok'],
    ['a watch-only write a route allows', { write: 'watch-only' }, 'POST', WATCH_ONLY, {}, 'ok'],
    ['a write that needs no player session', { write: 'no-session' }, 'POST', null, {}, 'none'],
    ['a read by a watch-only wallet', { write: 'proven' }, 'GET', WATCH_ONLY, undefined, 'none'],
    [
      'an owner-only read by a watch-only wallet',
      { write: 'proven', ownerRead: true },
      'GET',
      WATCH_ONLY,
      undefined,
      '403 proof',
    ],
    ['an owner-only read by its owner', { write: 'proven', ownerRead: true }, 'GET', PROVEN, undefined, 'ok'],
  ];
  it.each(cases)('%s', async (_name, rules, method, who, body, expected) => {
    const req = request(method, body);
    const outcome = await applySessionRules(sessions(who).service, req, rules).then(
      (u) => (u ? 'ok' : 'none'),
      (e: unknown) =>
        e instanceof UnauthorizedException
          ? '401'
          : e instanceof ProofRequiredError
            ? '403 proof'
            : e instanceof WalletMismatchError
              ? '403 mismatch'
              : e instanceof ForbiddenException
                ? '403'
                : String(e),
    );
    expect(outcome).toBe(expected);
    if (expected === 'ok') expect(req.sessionUser).toBe(who);
  });

  it('reads a remembered session afresh before refusing it for want of a proof: the wallet may have just proven its key', async () => {
    // the 2-second memory holds the session as a read found it just before the proof
    const asked: string[] = [];
    const service = {
      resolveCached: async () => (asked.push('cached'), WATCH_ONLY),
      resolve: async () => (asked.push('resolve'), PROVEN),
    } as unknown as SessionService;
    const req = request('POST', { walletAddress: 'WALLET7' });
    await expect(applySessionRules(service, req, { ...PLAY, sessionCheckedInSql: true })).resolves.toBe(PROVEN);
    expect(asked).toEqual(['cached', 'resolve']);
    // still watch-only when read afresh: refused
    const stillWatching = sessions(WATCH_ONLY);
    await expect(
      applySessionRules(stillWatching.service, request('POST', {}), { ...PLAY, sessionCheckedInSql: true }),
    ).rejects.toBeInstanceOf(ProofRequiredError);
    expect(stillWatching.asked).toEqual(['cached', 'resolve']);
  });

  it('takes the session from the 2-second memory only when the SQL checks it again', async () => {
    const checked = sessions(PROVEN);
    await applySessionRules(checked.service, request('POST', {}), { ...PLAY, sessionCheckedInSql: true });
    const fresh = sessions(PROVEN);
    await applySessionRules(fresh.service, request('POST', {}), PLAY);
    expect([checked.asked, fresh.asked]).toEqual([['cached'], ['resolve']]);
  });
});

describe('answerOnce: the Idempotency-Key rule', () => {
  function store(out: { body: unknown } | { replay: { status: number; body: unknown } }) {
    const runs: unknown[][] = [];
    const s = {
      run: async (...args: unknown[]) => {
        runs.push(args);
        if ('body' in out) return { body: await (args[4] as () => Promise<unknown>)() };
        return out;
      },
    } as unknown as IdempotencyStore;
    return { s, runs };
  }
  function reply() {
    const sent: { status?: number; headers: Record<string, string> } = { headers: {} };
    const r = {
      statusCode: 200,
      status(code: number) {
        sent.status = code;
        return r;
      },
      header(k: string, v: string) {
        sent.headers[k] = v;
        return r;
      },
    };
    return { r: r as unknown as FastifyReply, sent };
  }

  it('runs the work once under the key, keyed by player, route and body', async () => {
    const { s, runs } = store({ body: 'unused' });
    const req = request('POST', { a: 1 }, { 'idempotency-key': 'k-1' });
    req.sessionUser = PROVEN;
    const answer = await answerOnce(s, req, reply().r, async () => 'fresh', { answerInTransaction: true });
    expect(answer).toBe('fresh');
    expect(runs).toHaveLength(1);
    expect(runs[0].slice(0, 2)).toEqual(['7', 'k-1']);
    expect(runs[0][5]).toEqual({ answerInTransaction: true });
  });

  it('answers a replay with its stored status and Idempotent-Replay', async () => {
    const { s } = store({ replay: { status: 201, body: { first: true } } });
    const req = request('POST', {}, { 'idempotency-key': 'k-2' });
    req.sessionUser = PROVEN;
    const { r, sent } = reply();
    let ran = false;
    const answer = await answerOnce(s, req, r, async () => (ran = true));
    expect([answer, sent.status, sent.headers['Idempotent-Replay'], ran]).toEqual([
      { first: true },
      201,
      'true',
      false,
    ]);
  });

  it('simply runs the work without a key, without a session, or for a GET', async () => {
    const { s, runs } = store({ body: 'unused' });
    const noKey = request('POST', {});
    noKey.sessionUser = PROVEN;
    const noSession = request('POST', {}, { 'idempotency-key': 'k-3' });
    const get = request('GET', undefined, { 'idempotency-key': 'k-4' });
    get.sessionUser = PROVEN;
    for (const req of [noKey, noSession, get])
      expect(await answerOnce(s, req, reply().r, async () => 'ran')).toBe('ran');
    expect(runs).toHaveLength(0);
  });
});
