import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { SqlService } from './database/sql.service';
import { createIntApp } from '../test/int-app';
import { signIn, type TestPlayer } from '../test/player';
import { ledgerExact } from '../test/seeds';

/** Issue 37's boundary numbers, each wrong for every amount here: as numbers and as text, 2^63, 10^30, 1e14, 1.5 (a fraction of a House Coin). */
const BOUNDARY: readonly unknown[] = [
  0,
  2 ** 63,
  1e30,
  1e14,
  1.5,
  '0',
  '9223372036854775808',
  '92233720369',
  '1e14',
  '1.5',
];

/** Values that are wrong for any field: wrong types, huge numbers, 9 decimals, fractions of a coin, unicode, traversal. */
const poison = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant(1e308),
  fc.constant(-1),
  fc.constant('1.123456789'),
  fc.constant('99999999999999999999999999999999999'),
  fc.constant('-0.5'),
  fc.constant('1e5'),
  fc.constantFrom(...BOUNDARY),
  fc.constant('../../../etc/passwd'),
  fc.constant('💸🚀'.repeat(20)),
  fc.constant('x'.repeat(5000)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).filter((s) => !/^[0-9.]+$/.test(s)),
);

interface Endpoint {
  url: string;
  body: (p: TestPlayer) => Record<string, unknown>;
  /** Fields that must be present and valid. */
  required: string[];
}

const ENDPOINTS: Endpoint[] = [
  {
    url: '/api/games/dice',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'low' }),
    required: ['currency', 'betAmount', 'betType'],
  },
  {
    url: '/api/games/plinko/deduct',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', risk: 'low' }),
    required: ['currency', 'betAmount', 'risk'],
  },
  {
    url: '/api/games/hilo/start',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', bet: '1' }),
    required: ['currency', 'bet'],
  },
  {
    url: '/api/games/hilo/guess',
    body: (p) => ({ walletAddress: p.walletAddress, direction: 'higher' }),
    required: ['direction'],
  },
  {
    url: '/api/games/blackjack/deal',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }),
    required: ['currency', 'betAmount'],
  },
  {
    url: '/api/games/slots/buy-bonus',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }),
    required: ['currency', 'betAmount'],
  },
  {
    url: '/api/game-seeds/update-client-seed',
    body: (p) => ({ walletAddress: p.walletAddress, clientSeed: 'ok' }),
    required: ['clientSeed'],
  },
  {
    url: '/api/crypto/build-deposit',
    body: (p) => ({ walletAddress: p.walletAddress, amount: '1' }),
    required: ['amount'],
  },
  { url: '/api/crypto/withdraw', body: (p) => ({ walletAddress: p.walletAddress, amount: '1' }), required: ['amount'] },
  {
    url: '/api/crypto/notify-deposit',
    body: (p) => ({ walletAddress: p.walletAddress, txId: 'A'.repeat(52) }),
    required: ['txId'],
  },
  {
    url: '/api/responsible-gaming/self-exclude',
    body: (p) => ({ walletAddress: p.walletAddress, period: '6m' }),
    required: ['period'],
  },
];

describe('fuzzing every money-moving endpoint: always a 4xx naming the problem, never a 500, no money moved', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let p: TestPlayer;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
    p = await signIn(app);
  });
  afterAll(() => app.close());

  for (const ep of ENDPOINTS) {
    it(`${ep.url}`, async () => {
      // every boundary number in each of its amounts, alone in an otherwise valid body: a 4xx
      for (const field of ep.required.filter((f) => /^(betAmount|bet|amount|days)$/.test(f)))
        for (const value of BOUNDARY) {
          const res = await app.inject({
            method: 'POST',
            url: ep.url,
            payload: { ...ep.body(p), [field]: value },
            headers: { cookie: p.cookie },
          });
          expect({ field, value, status: Math.floor(res.statusCode / 100) }).toEqual({ field, value, status: 4 });
        }
      const mutation = fc.oneof(
        fc.record({
          kind: fc.constant('poison' as const),
          field: fc.constantFrom(...ep.required, 'walletAddress'),
          value: poison,
        }),
        fc.record({ kind: fc.constant('missing' as const), field: fc.constantFrom(...ep.required) }),
        fc.record({
          kind: fc.constant('extra' as const),
          field: fc.constantFrom('admin', '__proto__x', 'isAdmin', 'balance', 'slotIndex2'),
          value: fc.jsonValue(),
        }),
      );
      await fc.assert(
        fc.asyncProperty(mutation, async (m) => {
          // a free-text client seed may legitimately be any short printable unicode
          fc.pre(
            !(
              m.kind === 'poison' &&
              m.field === 'clientSeed' &&
              typeof m.value === 'string' &&
              [...m.value.trim()].length >= 1 &&
              [...m.value.trim()].length <= 64 &&
              // eslint-disable-next-line no-control-regex
              !/[\u0000-\u001f\u007f]/.test(m.value)
            ),
          );
          const body: Record<string, unknown> = ep.body(p);
          if (m.kind === 'missing') delete body[m.field];
          else body[m.field] = m.value;
          const res = await app.inject({ method: 'POST', url: ep.url, payload: body, headers: { cookie: p.cookie } });
          const json = res.json();
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(typeof json.message).toBe('string');
          expect(json.message.length).toBeGreaterThan(3);
        }),
        { numRuns: 60, seed: 20261121 },
      );
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * 100_000_000n), AMINA: '0' });
    });
  }

  it('answers malformed JSON with a 400, not a 500', async () => {
    for (const payload of ['{', '{"walletAddress": }', 'null', '[]', '"x"', '{"a":1}'.repeat(3)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/games/dice',
        payload,
        headers: { cookie: p.cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('answers path traversal and odd ids in URLs with a 4xx', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '%00', 'GUEST_' + 'x'.repeat(300), '1%20OR%201=1']) {
      const res = await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { cookie: p.cookie } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const limit of ['-1', '0', '1e9', 'abc', '201']) {
      const res = await app.inject({ method: 'GET', url: `/api/bets?limit=${limit}`, headers: { cookie: p.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('limit must be an integer from 1 to 200');
    }
  });
});
