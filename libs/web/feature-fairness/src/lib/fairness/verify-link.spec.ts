import type { BetDto } from '@cosmic/contracts';
import { betVerifyHref, EMPTY_INPUT, engineParams, readVerifyInput, verifyHref } from './verify-link';

const bet = (over: Partial<BetDto>): BetDto => ({
  id: '1',
  game: 'dice',
  currency: 'HC',
  amount: '1',
  payout: '2',
  multiplier: '2',
  serverSeedHash: 'h'.repeat(64),
  serverSeed: 's'.repeat(64),
  clientSeed: 'my seed',
  nonce: 7,
  outcome: { betType: 'high' },
  time: '2025-01-01T00:00:00.000Z',
  ...over,
});

const params = (href: string) => new URL(href, 'http://casino.test').searchParams;

describe('verify links', () => {
  it('round-trips the form through the deep link', () => {
    const input = {
      ...EMPTY_INPUT,
      game: 'hilo' as const,
      serverSeed: 'ab',
      clientSeed: 'x y&z',
      nonce: '12',
      guesses: 'higher,lower',
      cashout: true,
    };
    expect(readVerifyInput(params(verifyHref(input)))).toEqual(input);
  });

  it('reads /fairness?game=dice&serverSeed=…&clientSeed=…&nonce=… and defaults the rest', () => {
    const input = readVerifyInput(new URLSearchParams('game=dice&serverSeed=abc&clientSeed=c&nonce=5'));
    expect(input).toEqual({ ...EMPTY_INPUT, serverSeed: 'abc', clientSeed: 'c', nonce: '5' });
  });

  it('falls back to dice for an unknown game', () => {
    expect(readVerifyInput(new URLSearchParams('game=roulette')).game).toBe('dice');
  });

  it.each([
    ['dice', { betType: 'high' }, { betType: 'high' }],
    ['plinko', { risk: 'low' }, { risk: 'low' }],
    [
      'hilo',
      { guesses: [{ direction: 'higher' }, { direction: 'lower' }], status: 'cashed' },
      { guesses: 'higher,lower', cashout: '1' },
    ],
    ['blackjack', { actions: ['hit', 'stand'] }, { actions: 'hit,stand' }],
  ])('links a revealed %s bet with its parameters', (game, outcome, expected) => {
    const p = params(betVerifyHref(bet({ game, outcome }))!);
    expect(Object.fromEntries(p)).toEqual({
      game,
      serverSeed: 's'.repeat(64),
      clientSeed: 'my seed',
      nonce: '7',
      hash: 'h'.repeat(64),
      ...expected,
    });
  });

  it('has no link while the server seed is secret', () => {
    expect(betVerifyHref(bet({ serverSeed: null }))).toBeNull();
  });

  it('splits hi-lo guesses and blackjack actions on commas or spaces', () => {
    expect(engineParams({ ...EMPTY_INPUT, game: 'hilo', guesses: 'higher, lower higher' })).toEqual({
      guesses: ['higher', 'lower', 'higher'],
      cashout: undefined,
    });
    expect(engineParams({ ...EMPTY_INPUT, game: 'blackjack', actions: 'split,hit , stand' })).toEqual({
      actions: ['split', 'hit', 'stand'],
    });
  });

  it('slots (issue 29 item 8): a free spin is read from the link and from the bet history, and verified as one', () => {
    const input = readVerifyInput(new URLSearchParams('game=slots&serverSeed=abc&clientSeed=c&nonce=5&freeSpins=1'));
    expect(input).toEqual({
      ...EMPTY_INPUT,
      game: 'slots',
      serverSeed: 'abc',
      clientSeed: 'c',
      nonce: '5',
      freeSpins: true,
    });
    expect(engineParams(input)).toEqual({ freeSpins: true });
    expect(params(betVerifyHref(bet({ game: 'slots', outcome: { mode: 'free' } }))!).get('freeSpins')).toBe('1');
    expect(params(betVerifyHref(bet({ game: 'slots', outcome: { mode: 'base' } }))!).get('freeSpins')).toBeNull();
  });
});
