import { verify } from '@cosmic/game-engine';
import { engineParams, paramFacts, verifyHref } from './verify-params';

const bet = { nonce: 3, clientSeed: 'my seed', serverSeedHash: 'ab'.repeat(32) };

describe('verify links carry every parameter of the bet that was played (issue 29 item 8)', () => {
  it.each([
    ['dice', { betType: 'seven' }, 'betType=seven'],
    ['plinko', { risk: 'high' }, 'risk=high'],
    ['hilo', { guesses: 'higher, lower', cashout: '1' }, 'guesses=higher%2C+lower&cashout=1'],
    ['blackjack', { actions: 'hit, stand' }, 'actions=hit%2C+stand'],
    ['slots', { freeSpins: '1' }, 'freeSpins=1'],
  ] as const)('%s: %j', (game, extra, query) => {
    expect(verifyHref({ game, ...bet, extra })).toBe(
      `/fairness?game=${game}&nonce=3&clientSeed=my+seed&hash=${'ab'.repeat(32)}&${query}#verify`,
    );
  });

  it('adds the revealed server seed when it is known', () => {
    expect(verifyHref({ game: 'dice', ...bet, extra: { betType: 'low' } }, 'cd'.repeat(32))).toContain(
      `serverSeed=${'cd'.repeat(32)}&betType=low`,
    );
  });

  it("regression: a seven bet is verified as a seven bet, not the verifier's default 'low'", () => {
    const seed = '5107'.repeat(16);
    const seven = verify('dice', seed, 'c', 0, engineParams('dice', { betType: 'seven' }));
    expect(seven.ok && seven.outcome['betType']).toBe('seven');
  });

  it.each([
    ['dice', { betType: 'high' }, { betType: 'high' }],
    ['plinko', { risk: 'low' }, { risk: 'low' }],
    ['hilo', { guesses: 'higher,lower', cashout: '0' }, { guesses: ['higher', 'lower'], cashout: undefined }],
    ['hilo', { guesses: 'higher', cashout: '1' }, { guesses: ['higher'], cashout: true }],
    ['blackjack', { actions: 'double' }, { actions: ['double'] }],
    ['slots', { freeSpins: '0' }, { freeSpins: false }],
  ] as const)('engine parameters of %s %j', (game, extra, params) => {
    expect(engineParams(game, extra)).toEqual(params);
  });

  it('lists the parameters for the dialog', () => {
    expect(paramFacts('hilo', { guesses: 'higher,lower', cashout: '1' })).toEqual([
      { label: 'Guesses', value: 'higher, lower' },
      { label: 'Cashed out', value: 'yes' },
    ]);
    expect(paramFacts('slots', { freeSpins: '1' })).toEqual([{ label: 'Spin', value: 'free spin (×3)' }]);
  });
});
