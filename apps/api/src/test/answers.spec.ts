import { Type } from '@sinclair/typebox';
import { plainSchema } from '../app/common/schema-body';
import { answerProblems } from './answers';

const Row = Type.Object({
  id: Type.String(),
  count: Type.Integer(),
  note: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Optional(Type.Array(Type.String())),
  data: Type.Optional(Type.Unknown()),
  byName: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
const row = { id: '1', count: 2, note: null };

describe('answerProblems: where a value and the schema its answer is written with disagree', () => {
  it.each<[string, unknown, string[]]>([
    ['a value that fits', { ...row, tags: ['a'], byName: { a: 1 } }, []],
    ['an optional field left undefined', { ...row, tags: undefined }, []],
    ['anything where the schema says nothing', { ...row, data: { a: [null] } }, []],
    ['null where the schema says nothing', { ...row, data: null }, []],
    ['a field the schema does not name', { ...row, secret: 'x' }, ['$.secret is not in the answer schema (dropped)']],
    ['a required field missing', { id: '1', note: null }, ['$.count is required but missing']],
    ['null where the schema has none', { ...row, id: null }, ['$.id is null']],
    ['a number where a string is', { ...row, id: 1 }, ['$.id is a number, its schema says string']],
    ['a fraction where an integer is', { ...row, count: 1.5 }, ['$.count is a number, its schema says integer']],
    ['a bigint', { ...row, count: 2n }, ['$.count is a bigint, its schema says integer']],
    ['a wrong item', { ...row, tags: ['a', 7] }, ['$.tags[1] is a number, its schema says string']],
    ['a wrong record value', { ...row, byName: { a: 'x' } }, ['$.byName.a is a string, its schema says number']],
  ])('%s', (_, value, problems) => {
    expect(answerProblems(plainSchema(Row), value)).toEqual(problems);
  });

  it('reads an array answer item by item', () => {
    expect(answerProblems(plainSchema(Type.Array(Row)), [row, { ...row, x: 1 }])).toEqual([
      '$[1].x is not in the answer schema (dropped)',
    ]);
  });

  // fast-json-stringify writes an anyOf with the first branch whose types fit, dropping what it does not name
  it('judges a union by the branch the serializer picks', () => {
    const Short = Type.Object({ kind: Type.String() });
    const Long = Type.Object({ kind: Type.String(), more: Type.Number() });
    expect(answerProblems(plainSchema(Type.Union([Long, Short])), { kind: 'a', more: 1 })).toEqual([]);
    expect(answerProblems(plainSchema(Type.Union([Short, Long])), { kind: 'a', more: 1 })).toEqual([
      '$.more is not in the answer schema (dropped)',
    ]);
    expect(answerProblems(plainSchema(Type.Union([Short, Long])), { kind: 1 })).toEqual([
      '$ matches no branch of its anyOf: $.kind is a number, its schema says string / $.more is required but missing',
    ]);
  });

  // ajv (which picks an anyOf branch) refuses null for an enum without it: nullable is not enough
  it('refuses null for an enum that does not name it', () => {
    const plain = { type: 'string', enum: ['win', 'lose'], nullable: true };
    expect(answerProblems(plain, null)).toEqual(['$ is null, not one of its enum']);
    const named = plainSchema(Type.Union([Type.Literal('win'), Type.Literal('lose'), Type.Null()]));
    expect(answerProblems(named, null)).toEqual([]);
  });

  it('reads an allOf of objects as one object', () => {
    const both = plainSchema(
      Type.Intersect([Type.Object({ rows: Type.Number() }), Type.Record(Type.Literal('low'), Type.Number())]),
    );
    expect(answerProblems(both, { rows: 1, low: 2 })).toEqual([]);
    expect(answerProblems(both, { rows: 1, low: 2, high: 3 })).toEqual([
      '$.high is not in the answer schema (dropped)',
    ]);
    expect(answerProblems(both, { rows: 1 })).toEqual(['$.low is required but missing']);
  });

  it('reads an enum and a nullable object', () => {
    const s = Type.Object({
      tab: Type.Union([Type.Literal('all'), Type.Literal('mine')]),
      at: Type.Union([Type.Object({ n: Type.Number() }), Type.Null()]),
    });
    expect(answerProblems(plainSchema(s), { tab: 'all', at: null })).toEqual([]);
    expect(answerProblems(plainSchema(s), { tab: 'high', at: { n: 1, m: 2 } })).toEqual([
      '$.tab is "high", not one of its enum',
      '$.at.m is not in the answer schema (dropped)',
    ]);
  });
});
