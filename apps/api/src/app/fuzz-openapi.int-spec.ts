import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { SqlService } from './database/sql.service';
import { answerWatch, createIntApp, intChain } from '../test/int-app';
import { signIn, type TestPlayer } from '../test/player';
import { verifiedPlayer } from '../test/chain';
import { casinoLedgerDrift } from '../test/seeds';
import { securityEnv, unlock } from '../test/security';

// Issue 27 item 10: every operation of the OpenAPI document, sent malformed bodies, path params
// and query strings, with and without a session: never a 5xx, and afterwards every balance still
// equals the sum of its ledger. Fixed seed, bounded count; the run prints its status counts.

/** A field's or parameter's schema as the OpenAPI document states it (the keys read here). */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  example?: unknown;
  pattern?: string;
  minimum?: number;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: string[];
  query: string[];
  fields: string[];
  /** Each parameter's and body field's schema, and the body's required fields. */
  paramSchemas: Record<string, FieldSchema>;
  querySchemas: Record<string, FieldSchema>;
  fieldSchemas: Record<string, FieldSchema>;
  required: string[];
}

const SEED = 20261125;
const RUNS_PER_OPERATION = 48;
/** The one route answered with an endless event stream, left out of the fuzzing. */
const STREAM_PATH = '/api/live-bets/stream';

/** Values wrong for any field. */
const poison = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(1e308, -1e308, -1, 0, 2 ** 53 + 1, 1.5, -0),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '-0', '0x10', '  7  ', '', '9'.repeat(40), '1.123456789'),
  fc.constant('x'.repeat(10_240)),
  fc.constantFrom(
    '../../etc/passwd',
    '%00',
    '\u0000',
    '💸'.repeat(50),
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
  ),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.constant({ a: { b: { c: { d: { e: [1, 2, { f: 'deep' }] } } } } }),
  fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Whole bodies that are not what any route wants. */
const oddBody = fc.oneof(
  fc.constant(undefined),
  fc.constant('{'),
  fc.constant('null'),
  fc.constant('[]'),
  fc.constant('"just a string"'),
  fc.constant('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  fc.constant(JSON.stringify({ nested: Array.from({ length: 200 }, () => ({ x: 'y'.repeat(40) })) })),
);

const pathValue = fc.constantFrom(
  '',
  '..%2F..%2Fetc',
  '%00',
  '-1',
  '1e400',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  '%F0%9F%92%B8',
  'GUEST_' + 'a'.repeat(80),
  '1%20OR%201%3D1',
);

/**
 * Issue 37's boundary numbers: 0, -1, 2^63, 10^30, 1e14, 1.5 and 9 decimals, and the audit's
 * 92233720369 (coins whose base units pass BIGINT but not uint64), as JSON numbers and as text
 * (2^63 and 10^30 written out in digits).
 */
const BOUNDARY_NUMBERS: readonly number[] = [0, -1, 2 ** 63, 1e30, 1e14, 1.5, 1.123456789, 92233720369];
const BOUNDARY_TEXTS: readonly string[] = [
  '0',
  '-1',
  '9223372036854775808',
  '92233720369',
  '1' + '0'.repeat(30),
  '1e14',
  '1.5',
  '1.123456789',
];

/**
 * A field whose value is a number: typed number or integer, a pattern of digits (an amount, an
 * id), or documented with a numeric example (the amounts the services check themselves).
 */
function numeric(f: FieldSchema): boolean {
  if (f.type === 'number' || f.type === 'integer') return true;
  if (f.pattern !== undefined && /^\^[[\]0-9{},.\\()?-]*\$$/.test(f.pattern)) return true;
  return (typeof f.example === 'string' && /^[0-9.]+$/.test(f.example)) || typeof f.example === 'number';
}

/** A path parameter that names a row by number (its pattern is digits, or its name is an id). */
const numericParam = (name: string, f: FieldSchema) => numeric(f) || /id$/i.test(name);

/**
 * A body the route would take but for the one field under test: its required fields, and the
 * optional ones with a choice (slots' currency), at a valid value.
 */
function validBody(op: Operation, wallet: string, otherWallet: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(op.fieldSchemas)) {
    if (!op.required.includes(name) && !f.enum?.length) continue;
    if (name === 'walletAddress') body[name] = wallet;
    else if (name === 'toAddress') body[name] = otherWallet;
    else if (f.enum?.length) body[name] = f.enum[0];
    else if (f.example !== undefined) body[name] = f.example;
    else if (f.type === 'boolean') body[name] = false;
    else if (f.type === 'integer' || f.type === 'number') body[name] = f.minimum ?? 1;
  }
  return body;
}

function operations(
  doc: {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; schema?: FieldSchema }>;
          requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
        }
      >
    >;
  },
  schemas: Record<string, { properties?: Record<string, FieldSchema>; required?: string[] }>,
): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = ref ? schemas[ref.split('/').pop()!] : undefined;
      const inPlace = (where: string) => (op.parameters ?? []).filter((p) => p.in === where);
      out.push({
        method,
        path,
        params: inPlace('path').map((p) => p.name),
        query: inPlace('query').map((p) => p.name),
        fields: Object.keys(schema?.properties ?? {}),
        paramSchemas: Object.fromEntries(inPlace('path').map((p) => [p.name, p.schema ?? {}])),
        querySchemas: Object.fromEntries(inPlace('query').map((p) => [p.name, p.schema ?? {}])),
        fieldSchemas: schema?.properties ?? {},
        required: schema?.required ?? [],
      });
    }
  }
  return out;
}

describe('fuzzing the whole OpenAPI document: never a 5xx, the ledger exact', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  let ops: Operation[];
  /** Who sends: nobody, a guest, a typed (watch-only) address, a signed-in wallet, an operator, the vault. */
  const senders: Array<{ name: string; headers: () => Promise<Record<string, string>> }> = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  /** The sessions the boundary numbers are sent with: a guest, and a wallet proven on the devnet. */
  let guest: TestPlayer;
  let proven: TestPlayer;
  /** Another devnet wallet, where a body names a destination. */
  let otherWallet: string;

  beforeAll(async () => {
    app = await createIntApp(securityEnv());
    sql = app.get(SqlService);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json();
    // the live bets stream never ends (server-sent events): live-bets.int-spec.ts opens it on a socket
    ops = operations(doc, doc.components?.schemas ?? {}).filter((o) => o.path !== STREAM_PATH);
    expect(Object.keys(doc.paths)).toContain(STREAM_PATH);
    const demo = intChain().wallets.find((w) => w.label === 'player-1')!;
    otherWallet = intChain().wallets.find((w) => w.label === 'player-2')!.address;
    const cookie = (p: TestPlayer) => async () => ({ cookie: p.cookie });
    const tokens = await unlock(app);
    guest = await signIn(app);
    proven = await verifiedPlayer(app, demo);
    senders.push(
      { name: 'none', headers: async () => ({}) },
      { name: 'guest', headers: cookie(guest) },
      { name: 'watch-only', headers: cookie(await signIn(app, demo.address)) },
      { name: 'proven', headers: cookie(proven) },
      { name: 'operator', headers: async () => ({ authorization: `Bearer ${tokens.operator}` }) },
      { name: 'vault', headers: async () => ({ authorization: `Bearer ${tokens.vault}` }) },
    );
  });
  // the operator routes are fuzzed with a real token: put back the global switches they may flip
  // (blocked origins, the AMINA pause) so the suites after this one start from the usual state
  let switchesBefore: { blocked: unknown; paused: unknown[] } | null = null;
  beforeAll(async () => {
    switchesBefore = {
      blocked:
        (await sql.query<{ value: unknown }>(`SELECT value FROM app_state WHERE key = 'security.blocked_origins'`))[0]
          ?.value ?? null,
      paused: await sql.query(`SELECT name, active, reason FROM operator_switches`),
    };
  });
  afterAll(async () => {
    if (switchesBefore) {
      if (switchesBefore.blocked === null)
        await sql.query(`DELETE FROM app_state WHERE key = 'security.blocked_origins'`);
      else
        await sql.query(`UPDATE app_state SET value = $1 WHERE key = 'security.blocked_origins'`, [
          JSON.stringify(switchesBefore.blocked),
        ]);
      await sql.query(`DELETE FROM operator_switches`);
      for (const s of switchesBefore.paused as Array<{ name: string; active: boolean; reason: string | null }>)
        await sql.query(`INSERT INTO operator_switches (name, active, reason) VALUES ($1, $2, $3)`, [
          s.name,
          s.active,
          s.reason,
        ]);
    }
  });
  afterAll(async () => {
    const counts = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(`OpenAPI fuzz: ${sent} requests to ${ops?.length ?? 0} operations; statuses ${counts}`);
    await app.close();
  });

  it('the document has the operations to fuzz', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.filter((o) => o.method === 'POST').length).toBeGreaterThan(30);
  });

  it('every operation answers malformed input below 500', async () => {
    const failures: string[] = [];
    for (const [i, op] of ops.entries()) {
      const request = fc.record({
        sender: fc.constantFrom(...senders),
        params: fc.array(pathValue, { minLength: op.params.length, maxLength: op.params.length }),
        query: fc.dictionary(
          fc.constantFrom(...op.query, 'walletAddress', 'limit', '__proto__'),
          fc.oneof(
            poison.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x'))),
            pathValue,
          ),
          { maxKeys: 3 },
        ),
        body: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.dictionary(
              fc.constantFrom(...op.fields, 'walletAddress', 'extra', 'isAdmin', 'amount'),
              poison,
              { maxKeys: Math.max(1, op.fields.length + 1) },
            ),
          },
          { weight: 1, arbitrary: oddBody },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let url = op.path;
          op.params.forEach((name, k) => (url = url.replace(`{${name}}`, r.params[k] || 'x')));
          const qs = Object.entries(r.query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v).slice(0, 2000))}`)
            .join('&');
          // sign-out ends the session it is sent with: give it a throwaway guest's
          const headers: Record<string, string> =
            op.path === '/api/users/logout' ? { cookie: (await signIn(app)).cookie } : await r.sender.headers();
          let payload: string | undefined;
          if (op.method !== 'GET') {
            payload = typeof r.body === 'string' ? r.body : r.body === undefined ? undefined : JSON.stringify(r.body);
            if (payload !== undefined) headers['content-type'] = 'application/json';
          }
          const res = await app.inject({ method: op.method, url: qs ? `${url}?${qs}` : url, payload, headers });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500)
            failures.push(
              `${op.method} ${url}${qs ? `?${qs.slice(0, 120)}` : ''} [${r.sender.name}] ${String(payload).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED + i },
      );
    }
    expect(failures).toEqual([]);
  });

  // Issue 37: each boundary number, alone in an otherwise valid request, in every numeric body field,
  // query parameter and id in a path, as a guest and as a proven wallet: never a 5xx
  it('answers boundary numbers in every numeric field below 500, as a guest and as a proven wallet', async () => {
    const failures: string[] = [];
    const cases: Array<{ op: Operation; url: string; body?: Record<string, unknown>; what: string }> = [];
    // a path names a real poker table, so a buy-in's or a move's amount reaches the table's checks
    const tables = await app.inject({ method: 'GET', url: '/api/poker/tables', headers: { cookie: guest.cookie } });
    const table = (tables.json() as Array<{ id: string }>)[0].id;
    const pathDefault = (op: Operation, name: string) =>
      op.path.startsWith('/api/poker/tables/') ? table : numericParam(name, {}) ? '1' : 'x';
    const withPath = (op: Operation, values: Record<string, string> = {}) =>
      op.params.reduce(
        (url, name) => url.replace(`{${name}}`, encodeURIComponent(values[name] ?? pathDefault(op, name))),
        op.path,
      );
    for (const op of ops) {
      const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
      for (const [name, schema] of Object.entries(sendsBody ? op.fieldSchemas : {})) {
        if (!numeric(schema)) continue;
        const texts = schema.type === 'number' || schema.type === 'integer' ? [] : BOUNDARY_TEXTS;
        for (const value of [...BOUNDARY_NUMBERS, ...texts])
          cases.push({ op, url: withPath(op), body: { [name]: value }, what: `${name}=${JSON.stringify(value)}` });
      }
      for (const [name, schema] of Object.entries(op.querySchemas))
        if (numeric(schema))
          for (const value of BOUNDARY_TEXTS)
            cases.push({
              op,
              url: `${withPath(op)}?${name}=${encodeURIComponent(value)}`,
              what: `?${name}=${value}`,
            });
      for (const [name, schema] of Object.entries(op.paramSchemas))
        if (numericParam(name, schema))
          for (const value of BOUNDARY_TEXTS)
            cases.push({ op, url: withPath(op, { [name]: value }), what: `{${name}}=${value}` });
    }
    for (const [who, p] of [
      ['guest', guest],
      ['proven', proven],
    ] as const)
      for (const c of cases) {
        if (c.op.path === '/api/users/logout') continue; // it would end the session under test
        const sendsBody = c.op.method !== 'GET' && c.op.method !== 'DELETE';
        const payload = sendsBody ? { ...validBody(c.op, p.walletAddress, otherWallet), ...(c.body ?? {}) } : undefined;
        const res = await app.inject({ method: c.op.method, url: c.url, payload, headers: { cookie: p.cookie } });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          failures.push(
            `${c.op.method} ${c.url} [${who}] ${c.what} ${JSON.stringify(payload ?? null).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    // an AMINA loss limit of 1.5 is a limit: the suites after this one find these players without one
    await sql.query(`DELETE FROM player_limit_windows WHERE user_id = ANY($1::bigint[])`, [[guest.id, proven.id]]);
    // the numeric fields the document names: the amounts of every game, the cashier and the limits
    const fields = new Set(cases.map((c) => `${c.op.method} ${c.op.path} ${c.what.replace(/[=].*$/, '')}`));
    expect(
      [...fields].filter((f) => / (betAmount|bet|amount|dailyLossLimitHC|dailyLossLimitAMINA|\?limit)$/.test(f)).length,
    ).toBeGreaterThanOrEqual(14);
    expect(failures).toEqual([]);
  });

  // the fuzz's 2xx answers come from every route in odd states: each was written whole by its schema
  it('wrote every 2xx answer whole: no schema dropped a field or coerced a type', () => {
    expect(answerWatch(app).mismatches).toEqual([]);
  });

  it('documents the JSON answer of every operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    // the event stream is text/event-stream; the instant bets' routes document their own 200
    // (games/instant-bet.routes.ts, which writes their answers with the contract's schemas too)
    const own = new Set([STREAM_PATH, '/api/games/dice', '/api/games/plinko/deduct']);
    const bare: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const ok = Object.entries(op.responses).filter(([status]) => /^2/.test(status) && status !== '204');
        if (own.has(path) || !ok.length) continue;
        for (const [status, r] of ok)
          if (!r.content?.['application/json']) bare.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    expect(bare).toEqual([]);
  });

  it('afterwards every balance equals the sum of its ledger and none is negative', async () => {
    expect(await casinoLedgerDrift(app)).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});
