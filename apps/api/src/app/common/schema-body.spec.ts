import { BadRequestException } from '@nestjs/common';
import { DiceBodySchema, HiloEndBodySchema, PlinkoResultBodySchema, SlotsBodySchema } from '@cosmic/contracts';
import { parseBody, plainSchema } from './schema-body';

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
    ['an exponent', { ...dice, betAmount: 1e21 }, 'betAmount must be a decimal number like "10" or "0.5"'],
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

describe('plainSchema: what OpenAPI and fast-json-stringify read', () => {
  it('drops the messages, writes a literal union as an enum and an amount as a string', () => {
    expect(plainSchema(DiceBodySchema)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['betType', 'walletAddress', 'betAmount', 'currency'],
      properties: {
        betType: { type: 'string', enum: ['low', 'seven', 'high'] },
        walletAddress: { type: 'string', maxLength: 80 },
        betAmount: { type: 'string', description: 'decimal string (or number), at most 8 decimals', example: '10' },
        currency: { type: 'string', enum: ['HC', 'AMINA'] },
      },
    });
  });
});
