import { BadRequestException } from '@nestjs/common';
import { Type } from '@sinclair/typebox';
import {
  CreateUserBodySchema,
  DiceBodySchema,
  EmergencyFixBodySchema,
  HiloEndBodySchema,
  NewServerSeedBodySchema,
  PasswordBodySchema,
  PlinkoResultBodySchema,
  PokerActBodySchema,
  SelfExcludeBodySchema,
  SetLimitsBodySchema,
  SlotsBodySchema,
  UpdateClientSeedBodySchema,
} from '@cosmic/contracts';
import { parseBody, parseQuery, plainSchema } from './schema-body';

const dice = { walletAddress: 'GUEST_1', betAmount: '10', currency: 'HC', betType: 'low' };

function message(schema: Parameters<typeof parseBody>[0], body: unknown): string {
  try {
    parseBody(schema, body);
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestException);
    return (e as BadRequestException).message;
  }
  throw new Error('accepted');
}

describe('parseBody: one parser, the 400 texts of the old DTOs', () => {
  it.each([
    ['a good dice bet', dice],
    ['the amount as a JSON number', { ...dice, betAmount: 0.5 }],
    ['8 decimals', { ...dice, betAmount: '0.00000001' }],
  ])('accepts %s, unchanged', (_, body) => {
    expect(parseBody(DiceBodySchema, body)).toBe(body);
  });

  it.each<[string, unknown, string]>([
    ['a wrong bet type', { ...dice, betType: 'middle' }, 'betType must be low, seven or high'],
    ['no bet type', { ...dice, betType: undefined }, 'betType must be low, seven or high'],
    ['a zero amount', { ...dice, betAmount: '0' }, 'betAmount must be greater than 0'],
    ['an object amount', { ...dice, betAmount: { $gt: 1 } }, 'betAmount must be a decimal number like "10" or "0.5"'],
    [
      'an exponent',
      { ...dice, betAmount: 1e21 },
      'betAmount must be a plain decimal without an exponent, at most 1000000000',
    ],
    ['past the maximum', { ...dice, betAmount: '92233720369' }, 'betAmount must be at most 1000000000'],
    ['past the maximum, as a JSON number', { ...dice, betAmount: 1e14 }, 'betAmount must be at most 1000000000'],
    ['a wrong currency', { ...dice, currency: 'BTC' }, 'currency must be HC or AMINA'],
    ['a number wallet', { ...dice, walletAddress: 42 }, 'walletAddress must be a string'],
    ['a long wallet', { ...dice, walletAddress: 'x'.repeat(81) }, 'walletAddress is too long'],
    ['an unknown field', { ...dice, extra: 1 }, 'property extra should not exist'],
    ['a constructor field', { ...dice, constructor: 1 }, 'property constructor should not exist'],
    // unknown fields first, then each field's first problem in the schema's order
    [
      'several problems',
      { extra: 1, currency: 'BTC', betType: 'x', betAmount: '-1' },
      'property extra should not exist; betType must be low, seven or high; walletAddress must be a string; betAmount: amount must not be negative; currency must be HC or AMINA',
    ],
    [
      'null',
      null,
      'betType must be low, seven or high; walletAddress must be a string; betAmount must be a decimal number like "10" or "0.5"; currency must be HC or AMINA',
    ],
    [
      'an array',
      ['a'],
      'property 0 should not exist; betType must be low, seven or high; walletAddress must be a string; betAmount must be a decimal number like "10" or "0.5"; currency must be HC or AMINA',
    ],
  ])('refuses %s', (_, body, text) => {
    expect(message(DiceBodySchema, body)).toBe(text);
  });

  it('lets optional fields be absent or null, and ignored fields be anything', () => {
    expect(parseBody(SlotsBodySchema, { walletAddress: 'w', currency: null, isFreeSpins: true })).toEqual({
      walletAddress: 'w',
      currency: null,
      isFreeSpins: true,
    });
    expect(parseBody(HiloEndBodySchema, { walletAddress: 'w', streak: { any: 1 }, currentBet: 'x' })).toEqual({
      walletAddress: 'w',
      streak: { any: 1 },
      currentBet: 'x',
    });
    expect(message(SlotsBodySchema, { walletAddress: 'w', isFreeSpins: 'yes' })).toBe(
      'isFreeSpins must be true or false',
    );
    expect(message(PlinkoResultBodySchema, { walletAddress: 'w', betId: 'x'.repeat(21) })).toBe(
      'betId must be shorter than or equal to 20 characters',
    );
  });
});

describe('parseBody: the other routes’ bodies, the texts of their old DTOs', () => {
  type Schema = Parameters<typeof parseBody>[0];
  it.each<[string, Schema, unknown, string]>([
    ['an empty password', PasswordBodySchema, { password: '' }, 'password must be 1 to 256 characters'],
    ['a long password', PasswordBodySchema, { password: 'p'.repeat(257) }, 'password must be 1 to 256 characters'],
    ['a number password', PasswordBodySchema, { password: 1234 }, 'password must be a string'],
    ['no domain', EmergencyFixBodySchema, {}, 'domain must be a string'],
    ['a long domain', EmergencyFixBodySchema, { domain: 'd'.repeat(301) }, 'domain must be 1 to 300 characters'],
    [
      'a long wallet on a seed route (the length rule’s own words)',
      NewServerSeedBodySchema,
      { walletAddress: 'w'.repeat(81) },
      'walletAddress must be shorter than or equal to 80 characters',
    ],
    [
      'a short username',
      CreateUserBodySchema,
      { walletAddress: 'GUEST_1', username: 'ab' },
      'username must be 3–32 letters, digits or underscores',
    ],
    ['a number username', CreateUserBodySchema, { walletAddress: 'GUEST_1', username: 5 }, 'username must be a string'],
    [
      'a made-up period',
      SelfExcludeBodySchema,
      { walletAddress: 'w', period: '2d' },
      'period must be one of 24h, 7d, 6w, 6m, 1y, 5y',
    ],
    [
      'a period in days',
      SelfExcludeBodySchema,
      { walletAddress: 'w', period: 7 },
      'period must be one of 24h, 7d, 6w, 6m, 1y, 5y',
    ],
    [
      'a made-up move',
      PokerActBodySchema,
      { action: 'cheat' },
      'action must be one of fold, check, call, bet, raise, allin',
    ],
    ['a negative bet', PokerActBodySchema, { action: 'bet', amount: -5 }, 'amount must not be negative'],
    ['a fractional bet', PokerActBodySchema, { action: 'bet', amount: -0.5 }, 'amount must be a whole number of chips'],
    ['a huge bet', PokerActBodySchema, { action: 'bet', amount: 1e10 }, 'amount is too large'],
  ])('refuses %s', (_, schema, body, text) => {
    expect(message(schema, body)).toBe(text);
  });

  it.each<[string, Schema, unknown]>([
    [
      'a seed the service checks, whatever it is',
      UpdateClientSeedBodySchema,
      { walletAddress: 'w', clientSeed: { x: 1 } },
    ],
    ['a limit removed', SetLimitsBodySchema, { walletAddress: 'w', dailyLossLimitHC: null }],
    ['a move without an amount', PokerActBodySchema, { action: 'fold', amount: null }],
  ])('accepts %s, unchanged', (_, schema, body) => {
    expect(parseBody(schema, body)).toBe(body);
  });
});

describe('plainSchema: what OpenAPI and fast-json-stringify read', () => {
  it('drops the messages, writes a literal union as an enum and an amount as a string of its pattern', () => {
    expect(plainSchema(DiceBodySchema)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['betType', 'walletAddress', 'betAmount', 'currency'],
      properties: {
        betType: { type: 'string', enum: ['low', 'seven', 'high'] },
        walletAddress: { type: 'string', maxLength: 80 },
        betAmount: {
          type: 'string',
          pattern: '^[0-9]{1,10}(\\.[0-9]{1,8})?$',
          description: 'decimal string (or number), at most 8 decimals, at most 1000000000',
          example: '10',
        },
        currency: { type: 'string', enum: ['HC', 'AMINA'] },
      },
    });
  });

  it('writes a union of number literals as a number enum', () => {
    const days = Type.Union([1, 7, 30].map((d) => Type.Literal(d)));
    expect(plainSchema(days)).toEqual({ type: 'number', enum: [1, 7, 30] });
  });
});

describe('plainSchema: what answer schemas need in OpenAPI 3.0', () => {
  it.each<[string, Parameters<typeof plainSchema>[0], Record<string, unknown>]>([
    ['a nullable string', Type.Union([Type.String(), Type.Null()]), { type: 'string', nullable: true }],
    [
      'a nullable object',
      Type.Union([Type.Object({ a: Type.Number() }), Type.Null()]),
      { type: 'object', required: ['a'], properties: { a: { type: 'number' } }, nullable: true },
    ],
    [
      'a nullable literal union',
      Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Null()]),
      { type: 'string', enum: ['a', 'b', null], nullable: true },
    ],
    [
      'a nullable union of objects',
      Type.Union([Type.Object({ a: Type.Number() }), Type.Object({ b: Type.String() }), Type.Null()]),
      {
        anyOf: [
          { type: 'object', required: ['a'], properties: { a: { type: 'number' } } },
          { type: 'object', required: ['b'], properties: { b: { type: 'string' } } },
        ],
        nullable: true,
      },
    ],
    ['a literal', Type.Literal('dice'), { type: 'string', enum: ['dice'] }],
    [
      'a record',
      Type.Record(Type.String(), Type.Array(Type.String())),
      { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    ],
    [
      'a record by number',
      Type.Record(Type.Number(), Type.Number()),
      { type: 'object', additionalProperties: { type: 'number' } },
    ],
    [
      'a tuple of one type',
      Type.Tuple([Type.Number(), Type.Number()]),
      { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
    ],
  ])('writes %s', (_, schema, plain) => {
    expect(plainSchema(schema)).toEqual(plain);
  });
});

describe('parseQuery: a query string checked like a body', () => {
  const schema = Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, errorMessage: 'limit must be a whole number' })),
    snapshot: Type.Optional(Type.String({ pattern: '^[0-9]*$', errorMessage: 'snapshot must be digits' })),
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['nothing', {}, {}],
    ['a number field from its decimal', { limit: '20' }, { limit: 20 }],
    ['a string field left as text, even digits', { snapshot: '42' }, { snapshot: '42' }],
    ['other parameters left out', { limit: '1', _: '17', walletAddress: 'w' }, { limit: 1 }],
  ])('reads %s', (_, query, parsed) => {
    expect(parseQuery(schema, query)).toEqual(parsed);
  });

  it.each([['1e2'], [' 7 '], ['0x10'], [''], ['Infinity'], ['9'.repeat(40)]])(
    'leaves %j as text, so the field refuses it',
    (limit) => {
      expect(() => parseQuery(schema, { limit })).toThrow('limit must be a whole number');
    },
  );

  it('reads a query without a prototype (as Fastify parses it)', () => {
    const query = Object.assign(Object.create(null) as object, { limit: '3' });
    expect(parseQuery(schema, query)).toEqual({ limit: 3 });
  });
});
