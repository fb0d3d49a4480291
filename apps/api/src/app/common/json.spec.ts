import fc from 'fast-check';
import { toJson } from './json';

/** The reference: JSON.stringify with bigints as strings. */
const reference = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'null';

describe('toJson', () => {
  it('writes bigints as strings inside game outcomes', () => {
    expect(toJson({ dice: [6, 2], total: 8, multiplier: { num: 2n, den: 1n }, won: true })).toBe(
      '{"dice":[6,2],"total":8,"multiplier":{"num":"2","den":"1"},"won":true}',
    );
  });

  it('matches JSON.stringify (bigints as strings) for any value (fast-check)', () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.string(),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.bigInt(),
        fc.date(),
      ),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => expect(toJson(v)).toBe(reference(v))),
      { numRuns: 2000 },
    );
  });
});
