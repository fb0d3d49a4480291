import { createHash } from 'node:crypto';
import { verify } from '@cosmic/game-engine';
import { runVerification } from './verification';
import { EMPTY_INPUT, type VerifyInput } from './verify-link';

const SERVER = 'a'.repeat(64);
const input = (over: Partial<VerifyInput>): VerifyInput => ({
  ...EMPTY_INPUT,
  serverSeed: SERVER,
  clientSeed: 'player',
  nonce: '3',
  ...over,
});
const sha = (s: string) => createHash('sha256').update(s, 'ascii').digest('hex');

describe('runVerification', () => {
  it('shows nothing before a server seed is entered', () => {
    expect(runVerification(EMPTY_INPUT)).toEqual({ result: null, error: null, computedHash: null, hashMatches: null });
  });

  it('hashes the server seed with SHA-256 of its ASCII text (checked against node:crypto)', () => {
    expect(runVerification(input({})).computedHash).toBe(sha(SERVER));
  });

  it.each([
    ['the committed hash matches', sha(SERVER), true],
    ['upper-case hex still matches', sha(SERVER).toUpperCase(), true],
    ['another hash does not match', sha('b'.repeat(64)), false],
    ['no hash pasted: no verdict', '', null],
  ])('%s', (_, hash, expected) => {
    expect(runVerification(input({ hash })).hashMatches).toBe(expected);
  });

  it.each([
    ['dice', { game: 'dice', betType: 'seven' }, { betType: 'seven' }],
    ['plinko', { game: 'plinko', risk: 'high' }, { risk: 'high' }],
    ['hi-lo', { game: 'hilo', guesses: 'higher', cashout: false }, { guesses: ['higher'] }],
    ['blackjack', { game: 'blackjack', actions: 'stand' }, { actions: ['stand'] }],
  ] as const)('recomputes %s exactly like the engine', (_, over, params) => {
    const v = runVerification(input(over as Partial<VerifyInput>));
    const expected = verify(over.game, SERVER, 'player', 3, params);
    expect(v.error).toBeNull();
    expect(expected.ok).toBe(true);
    if (expected.ok) expect(v.result?.outcome).toEqual(expected.outcome);
  });

  it.each([
    ['a short server seed', { serverSeed: 'abc' }, 'serverSeed must be 64 lowercase hex characters'],
    ['a negative nonce', { nonce: '-1' }, 'nonce must be a non-negative integer'],
    ['an unknown dice bet', { betType: 'eleven' }, 'betType must be one of low, seven, high'],
  ])('explains %s', (_, over, error) => {
    expect(runVerification(input(over)).error).toBe(error);
  });
});
