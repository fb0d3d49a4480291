import type { LiveBet } from '@cosmic/web-data-access';
import { liveBetVerifyHref } from './live-bet-verify';

const HASH = 'ab'.repeat(32);
const SEED = 'cd'.repeat(32);
const row = (game: string, params: Record<string, unknown>, serverSeed: string | null = SEED): LiveBet => ({
  id: '1',
  game,
  username: 'cosmic_1',
  time: '2026-11-25T09:00:00.000Z',
  currency: 'HC',
  amount: '10',
  multiplier: '2',
  payout: '20',
  highRoller: false,
  mine: false,
  verify: { nonce: 4, clientSeed: 'my seed', serverSeedHash: HASH, serverSeed, params },
});
const base = `nonce=4&clientSeed=my+seed&hash=${HASH}&serverSeed=${SEED}`;

describe('liveBetVerifyHref', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['dice', { betType: 'high' }, 'betType=high'],
    ['plinko', { risk: 'low' }, 'risk=low'],
    ['hilo', { guesses: [{ direction: 'higher' }, 'lower'], status: 'cashed' }, 'guesses=higher%2Clower&cashout=1'],
    ['blackjack', { actions: ['hit', 'stand'] }, 'actions=hit%2Cstand'],
    ['slots', { mode: 'free' }, 'freeSpins=1'],
  ])('%s: the verifier link with the seeds and the game’s parameters', (game, params, query) => {
    expect(liveBetVerifyHref(row(game, params))).toBe(`/fairness?game=${game}&${base}&${query}#verify`);
  });

  it('is null while the server seed is still secret', () => {
    expect(liveBetVerifyHref(row('dice', { betType: 'high' }, null))).toBeNull();
  });

  it('is null for a game the verifier does not offer', () => {
    expect(liveBetVerifyHref(row('poker', {}))).toBeNull();
  });
});
