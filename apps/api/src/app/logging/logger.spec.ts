import { correlationId, createRootLogger, nestLogger, REDACTED, wantsPrettyLogs } from './logger';

function captured(level: 'debug' | 'info' | 'warn' | 'error' = 'info') {
  const raw: string[] = [];
  const root = createRootLogger({ level, destination: { write: (s: string) => void raw.push(s) } });
  return {
    root,
    lines: () =>
      raw
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('createRootLogger', () => {
  it('writes one JSON object per line with the level as a word, the time and the pid', () => {
    const { root, lines } = captured();
    root.info({ route: '/x' }, 'hello');
    expect(lines()).toEqual([{ level: 'info', time: expect.any(Number), pid: process.pid, route: '/x', msg: 'hello' }]);
  });

  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
  ] as const)('LOG_LEVEL=%s writes %j', (level, written) => {
    const { root, lines } = captured(level);
    for (const l of ['debug', 'info', 'warn', 'error'] as const) root[l](l);
    expect(lines().map((l) => l['msg'])).toEqual(written);
  });

  it.each([
    ['a top-level field', { mnemonic: 'SECRET' }, { mnemonic: REDACTED }],
    ['a request body', { body: { password: 'SECRET', amount: '5' } }, { body: { password: REDACTED, amount: '5' } }],
    [
      'a body inside a request',
      { req: { body: { passphrase: 'SECRET' } } },
      { req: { body: { passphrase: REDACTED } } },
    ],
    [
      'four objects deep',
      { a: { b: { c: { d: { houseMnemonic: 'SECRET' } } } } },
      { a: { b: { c: { d: { houseMnemonic: REDACTED } } } } },
    ],
    [
      'headers',
      { req: { headers: { cookie: 'SECRET', authorization: 'SECRET', host: 'h' } } },
      { req: { headers: { cookie: REDACTED, authorization: REDACTED, host: 'h' } } },
    ],
    [
      'set-cookie',
      { res: { headers: { 'set-cookie': ['SECRET'] } } },
      { res: { headers: { 'set-cookie': REDACTED } } },
    ],
    [
      'changed passwords',
      { body: { currentPassword: 'SECRET', newPassword: 'SECRET' } },
      { body: { currentPassword: REDACTED, newPassword: REDACTED } },
    ],
  ])('redacts secrets in %s', (_where, fields, expected) => {
    const { root, lines } = captured();
    root.warn(fields, 'x');
    expect(lines()[0]).toMatchObject(expected);
    expect(JSON.stringify(lines())).not.toContain('SECRET');
  });
});

describe('nestLogger', () => {
  it("writes Nest's context as a field and an Error with its stack", () => {
    const { root, lines } = captured();
    const nest = nestLogger(root);
    nest.log({ msg: 'started', port: 3000 }, 'Bootstrap');
    nest.error(new Error('boom'), 'Exceptions');
    nest.warn('plain text', 'Health');
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'info', context: 'Bootstrap', msg: 'started', port: 3000 }),
      expect.objectContaining({
        level: 'error',
        context: 'Exceptions',
        err: expect.objectContaining({
          type: 'Error',
          message: 'boom',
          stack: expect.stringContaining('Error: boom\n'),
        }),
      }),
      expect.objectContaining({ level: 'warn', context: 'Health', msg: 'plain text' }),
    ]);
  });
});

describe('wantsPrettyLogs', () => {
  it.each([
    ['development', true, true],
    ['test', true, true],
    ['production', true, false],
    ['development', false, false],
    ['development', undefined, false],
  ] as const)('NODE_ENV=%s, stdout a terminal: %s → %s', (nodeEnv, isTTY, pretty) => {
    expect(wantsPrettyLogs(nodeEnv, { isTTY })).toBe(pretty);
  });
});

describe('correlationId', () => {
  it.each([
    ['nginx-0123456789abcdef', 'nginx-0123456789abcdef'],
    ['0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5b-d9cb-469f-a165-70867728950e'],
  ])('keeps the X-Request-Id %s', (header, id) => {
    expect(correlationId({ headers: { 'x-request-id': header } })).toBe(id);
  });

  it.each([['short'], ['has space inside it'], ['quote"injection-attempt'], ['x'.repeat(129)]])(
    'replaces the X-Request-Id %j by a fresh UUID',
    (header) => {
      expect(correlationId({ headers: { 'x-request-id': header } })).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    },
  );

  it('makes a different UUID for each request without one', () => {
    expect(correlationId({ headers: {} })).not.toBe(correlationId({ headers: {} }));
  });
});
