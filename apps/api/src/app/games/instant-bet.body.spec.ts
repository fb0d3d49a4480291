import fc from 'fast-check';
import { createValidationPipe } from '../common/validation';
import { DiceBody, PlinkoBody } from './dto';
import { BodySchema, DICE_BODY, PLINKO_BODY } from './instant-bet.body';

/** What the global ValidationPipe answers for `raw` against `dto`: the value, or the 400's message. */
async function viaPipe(dto: new () => object, raw: unknown): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  try {
    const value = await createValidationPipe().transform(raw, { type: 'body', metatype: dto });
    return { ok: true, value: { ...(value as object) } };
  } catch (e) {
    return { ok: false, message: (e as { getResponse(): { message: string } }).getResponse().message };
  }
}

function viaSchema(schema: BodySchema<unknown>, raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: { ...(schema.parse(raw) as object) } };
  } catch (e) {
    return { ok: false, message: (e as { getResponse(): { message: string } }).getResponse().message };
  }
}

const anyValue = fc.oneof(
  fc.constantFrom('HC', 'AMINA', 'low', 'seven', 'high', 'medium', '1', '0.5', '1000', '0', '1.123456789', '-1', '1e5', ' 2 ', 'GUEST_x', 'x'.repeat(81)),
  fc.constantFrom(null, true, 1, 0.25, 1e308, -3, [], {}, ['HC']),
  fc.string({ maxLength: 12 }),
  fc.integer(),
);

function bodies(fields: string[]) {
  const record = fc.dictionary(fc.constantFrom(...fields, 'extra', 'slotIndex', 'a.b', 'é', '(', 'x[', '-', '\\'), anyValue, { maxKeys: 6 });
  const valid = fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] });
  return fc.oneof(record, valid, fc.constantFrom(null, 'text', 42, [], [1, 2]));
}

describe.each([
  ['DiceBody', DiceBody, DICE_BODY, ['walletAddress', 'betAmount', 'currency', 'betType']],
  ['PlinkoBody', PlinkoBody, PLINKO_BODY, ['walletAddress', 'betAmount', 'currency', 'risk']],
] as const)('%s: the hand-written check answers exactly what class-validator answers', (_name, dto, schema, fields) => {
  it('for a valid body', async () => {
    const body = { walletAddress: 'GUEST_abc', betAmount: '2.5', currency: 'HC', [fields[3]]: fields[3] === 'betType' ? 'seven' : 'medium' };
    expect(viaSchema(schema, body)).toEqual(await viaPipe(dto, body));
    expect(viaSchema(schema, body)).toEqual({ ok: true, value: body });
  });

  it('for known bad bodies, naming each field', async () => {
    const cases: unknown[] = [
      {},
      { walletAddress: 7, betAmount: '1.123456789', currency: 'EUR', [fields[3]]: 'max', extra: 1 },
      { walletAddress: 'x'.repeat(81), betAmount: -1, currency: 'HC', [fields[3]]: null },
    ];
    for (const body of cases) {
      const expected = await viaPipe(dto, body);
      expect(expected.ok).toBe(false);
      expect(viaSchema(schema, body)).toEqual(expected);
    }
    expect(viaSchema(schema, {})).toMatchObject({ message: expect.stringContaining('walletAddress must be a string') });
  });

  it('also refuses a "constructor" field (class-transformer silently drops it)', async () => {
    const body = { walletAddress: 'GUEST_abc', betAmount: '1', currency: 'HC', [fields[3]]: 'high', constructor: 'x' };
    expect(viaSchema(schema, body)).toEqual({ ok: false, message: 'property constructor should not exist' });
  });

  it('for any generated body (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(bodies([...fields]), async (body) => {
        expect(viaSchema(schema, body)).toEqual(await viaPipe(dto, body));
      }),
      { numRuns: 400 },
    );
  });
});
