import { type BetOutcome, toBetOutcome } from '@cosmic/contracts';
import { verify } from '@cosmic/game-engine';
import {
  cardOfLabel,
  outcomeDifferences,
  outcomeSummary,
  plinkoSlotMultiplier,
  plinkoSteps,
  slotRows,
} from './outcome';

const card = (label: string) => cardOfLabel(label);
const SEED = 'ab'.repeat(32);

describe('outcomeSummary (one line per game)', () => {
  it.each<[string, BetOutcome, string]>([
    [
      'dice, won',
      { game: 'dice', dice: [4, 6], total: 10, betType: 'high', won: true },
      'Rolled 4 + 6 = 10 on a high bet: won',
    ],
    [
      'dice, lost',
      { game: 'dice', dice: [1, 2], total: 3, betType: 'seven', won: false },
      'Rolled 1 + 2 = 3 on a seven bet: lost',
    ],
    [
      'plinko',
      { game: 'plinko', risk: 'low', path: [0, 1, 1, 0], slot: 2 },
      'The ball went L R R L and landed in slot 2 (low risk)',
    ],
    [
      'slots spin',
      {
        game: 'slots',
        mode: 'base',
        initialGrid: [],
        finalGrid: [],
        cascades: [
          {
            grid: [],
            clusters: [
              { symbol: 'moon', size: 5, positions: [] },
              { symbol: 'star', size: 6, positions: [] },
            ],
          },
        ],
        scatters: 1,
        freeSpinsAwarded: 0,
        capped: false,
        spinsBought: 0,
      },
      'Spin: 1 cascade, 2 winning clusters, 1 scatter',
    ],
    [
      'slots free spin awarding more',
      {
        game: 'slots',
        mode: 'free',
        initialGrid: [],
        finalGrid: [],
        cascades: [],
        scatters: 3,
        freeSpinsAwarded: 10,
        capped: false,
        spinsBought: 0,
      },
      'Free spin: 0 cascades, 0 winning clusters, 3 scatters, 10 free spins awarded',
    ],
    [
      'slots bonus purchase',
      {
        game: 'slots',
        mode: 'bonus-buy',
        initialGrid: [],
        finalGrid: [],
        cascades: [],
        scatters: 0,
        freeSpinsAwarded: 0,
        capped: false,
        spinsBought: 10,
      },
      'Bought 10 free spins (each spin is a bet of its own)',
    ],
    [
      'blackjack',
      {
        game: 'blackjack',
        dealer: [card('K♠'), card('7♦')],
        dealerTotal: 17,
        hands: [{ cards: [card('10♥'), card('9♣')], total: 19, doubled: false, fromSplit: false, result: 'win' }],
        actions: ['stand'],
      },
      'Dealer K♠ 7♦ (17); 10♥ 9♣ (19) win',
    ],
    [
      'blackjack split',
      {
        game: 'blackjack',
        dealer: [card('9♠'), card('10♦')],
        dealerTotal: 19,
        hands: [
          { cards: [card('8♥'), card('3♣'), card('9♦')], total: 20, doubled: false, fromSplit: true, result: 'win' },
          { cards: [card('8♣'), card('K♣')], total: 18, doubled: false, fromSplit: true, result: 'lose' },
        ],
        actions: ['split', 'hit', 'stand', 'stand'],
      },
      'Dealer 9♠ 10♦ (19); hand 1 8♥ 3♣ 9♦ (20) win; hand 2 8♣ K♣ (18) lose',
    ],
    [
      'hi-lo cashed',
      {
        game: 'hilo',
        status: 'cashed',
        cards: [card('5♠'), card('9♥')],
        guesses: [{ direction: 'higher', card: card('9♥'), won: true }],
        streak: 1,
      },
      'Started on 5♠, higher → 9♥ ✓: cashed out after 1 right',
    ],
    [
      'hi-lo lost',
      {
        game: 'hilo',
        status: 'lost',
        cards: [card('Q♠'), card('K♥')],
        guesses: [{ direction: 'lower', card: card('K♥'), won: false }],
        streak: 0,
      },
      'Started on Q♠, lower → K♥ ✗: lost after 0 right',
    ],
  ])('%s', (_name, outcome, line) => {
    expect(outcomeSummary(outcome)).toBe(line);
  });
});

describe('the views’ data', () => {
  it('reads a plinko path as left/right and finds the slot’s multiplier in the paytable', () => {
    expect(plinkoSteps([0, 1, 1])).toEqual(['left', 'right', 'right']);
    expect(plinkoSlotMultiplier('high', 0)).toBe('60');
    expect(plinkoSlotMultiplier('medium', 6)).toBe('0.2');
    expect(plinkoSlotMultiplier('extreme', 0)).toBeNull();
  });

  it('lays a slots grid out in rows and marks the cells of its paying clusters', () => {
    const grid = Array.from({ length: 25 }, (_, i) => (i === 6 || i === 7 ? 'sun' : 'moon'));
    const rows = slotRows(grid, [
      {
        positions: [
          { row: 1, col: 1 },
          { row: 1, col: 2 },
        ],
      },
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[1][1]).toEqual({ symbol: 'sun', emoji: '🌞', name: 'Sun', won: true });
    expect(rows[1][2].won).toBe(true);
    expect(rows.flat().filter((c) => c.won)).toHaveLength(2);
    expect(rows[0][0]).toMatchObject({ emoji: '🌙', won: false });
  });

  it('reads a card from its label, ten included', () => {
    expect(cardOfLabel('10♥')).toEqual({ rank: '10', suit: '♥', label: '10♥' });
    expect(cardOfLabel('A♠')).toEqual({ rank: 'A', suit: '♠', label: 'A♠' });
  });
});

describe('toBetOutcome and outcomeDifferences (the verification)', () => {
  const run = (game: BetOutcome['game'], nonce: number, params: object) => {
    const r = verify(game, SEED, 'client', nonce, params);
    if (!r.ok) throw new Error(r.error);
    return toBetOutcome(game, r.outcome);
  };

  it.each<[BetOutcome['game'], object]>([
    ['dice', { betType: 'low' }],
    ['plinko', { risk: 'high' }],
    ['slots', { freeSpins: false }],
    ['hilo', { guesses: [] }],
    ['blackjack', { actions: [] }],
  ])('%s: the same bet recomputed twice matches; a changed one names the field', (game, params) => {
    const a = run(game, 7, params);
    expect(a.game).toBe(game);
    expect(outcomeDifferences(a, run(game, 7, params))).toEqual([]);
    // another nonce draws something else (checked on a field each game draws)
    const b = run(game, 8, params);
    expect(outcomeDifferences(a, b).length).toBeGreaterThan(0);
  });

  it('names the fields that differ, and the game when it differs', () => {
    const dice: BetOutcome = { game: 'dice', dice: [3, 4], total: 7, betType: 'seven', won: true };
    expect(outcomeDifferences(dice, { ...dice, dice: [4, 3] })).toEqual(['dice']);
    expect(outcomeDifferences(dice, { game: 'plinko', risk: 'low', path: [], slot: 0 })).toEqual(['game']);
  });

  it('gives a recomputed blackjack round the actions the server reads back (an unsplit hand stood on)', () => {
    const bj = run('blackjack', 1, { actions: [] });
    if (bj.game !== 'blackjack') throw new Error('not blackjack');
    // no action was taken: the deal either settled the round or left it in play
    expect(bj.actions.length === 0 || bj.actions[0] === 'stand').toBe(true);
    expect(bj.hands[0].total).toBeGreaterThan(1);
  });
});
