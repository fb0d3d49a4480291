import { sfc32 } from '@cosmic/game-engine';
import { botDecision, botView, type BotView } from './bot';
import { parseCards } from './cards';
import { chenScore, equity } from './equity';
import { shuffleDeck } from './shuffle';
import { applyAction, startHand } from './table';
import type { LegalActions, Street } from './types';

const legal = (over: Partial<LegalActions>): LegalActions => ({
  seat: 0,
  toCall: 0,
  fold: false,
  check: true,
  call: false,
  bet: null,
  raise: null,
  allIn: 1000,
  ...over,
});

function view(hole: string, board: string, over: Partial<BotView> & { legal: LegalActions }): BotView {
  const b = parseCards(board);
  const street: Street = b.length === 0 ? 'preflop' : b.length === 3 ? 'flop' : b.length === 4 ? 'turn' : 'river';
  return {
    hole: parseCards(hole),
    board: b,
    street,
    pot: 30,
    stack: 1000,
    bigBlind: 10,
    currentBet: 10,
    opponents: 1,
    ...over,
  };
}

describe('chenScore', () => {
  it.each([
    ['As Ah', 20],
    ['Ks Kd', 16],
    ['As Ks', 12],
    ['Ts 9s', 8],
    ['5h 5d', 5],
    ['2s 2d', 5],
    ['7h 2c', -1],
  ])('%s scores %d', (cards, score) => {
    const [a, b] = parseCards(cards);
    expect(chenScore(a, b)).toBe(score);
  });
});

describe('equity', () => {
  it('aces against one random hand win about 85%', () => {
    expect(equity(parseCards('As Ah'), [], 1, 4000, sfc32(1))).toBeCloseTo(0.85, 1);
  });

  it('the nuts on the river always win; a made royal flush has equity 1', () => {
    expect(equity(parseCards('As Ks'), parseCards('Qs Js Ts 2d 3c'), 3, 200, sfc32(2))).toBe(1);
  });

  it('falls as opponents are added', () => {
    const one = equity(parseCards('Js Jd'), [], 1, 3000, sfc32(3));
    const four = equity(parseCards('Js Jd'), [], 4, 3000, sfc32(3));
    expect(four).toBeLessThan(one - 0.2);
  });
});

describe('botDecision', () => {
  it('raises aces when nobody has raised', () => {
    const v = view('As Ah', '', {
      legal: legal({ toCall: 10, check: false, call: true, fold: true, raise: { min: 20, max: 1000 } }),
    });
    expect(botDecision(v, sfc32(1))).toEqual({ type: 'raise', amount: 30 });
  });

  it('folds seven-deuce to a raise', () => {
    const v = view('7h 2c', '', {
      currentBet: 100,
      pot: 115,
      legal: legal({ toCall: 100, check: false, call: true, fold: true, raise: { min: 190, max: 1000 } }),
    });
    expect(botDecision(v, sfc32(1))).toEqual({ type: 'fold' });
  });

  it('checks a weak hand in the big blind when nobody raised', () => {
    const v = view('7h 2c', '', { legal: legal({ raise: { min: 20, max: 1000 } }) });
    expect(botDecision(v, sfc32(1))).toEqual({ type: 'check' });
  });

  it('bets or raises the nuts on the river', () => {
    const checked = view('As Ks', 'Qs Js Ts 2d 3c', {
      currentBet: 0,
      pot: 200,
      legal: legal({ bet: { min: 10, max: 1000 } }),
    });
    expect(['bet', 'allin']).toContain(botDecision(checked, sfc32(4)).type);
    const facing = view('As Ks', 'Qs Js Ts 2d 3c', {
      currentBet: 100,
      pot: 300,
      legal: legal({ toCall: 100, check: false, call: true, fold: true, raise: { min: 200, max: 1000 } }),
    });
    expect(['raise', 'allin']).toContain(botDecision(facing, sfc32(4)).type);
  });

  it('folds air to a pot-sized river bet', () => {
    const v = view('7h 2c', 'As Kd 9s 4h Jc', {
      currentBet: 200,
      pot: 400,
      legal: legal({ toCall: 200, check: false, call: true, fold: true, raise: { min: 400, max: 1000 } }),
    });
    expect(botDecision(v, sfc32(5))).toEqual({ type: 'fold' });
  });

  it('calls a small bet with a flush draw (the pot odds are there)', () => {
    const v = view('Ah 5h', 'Kh 9h 2c', {
      currentBet: 10,
      pot: 210,
      legal: legal({ toCall: 10, check: false, call: true, fold: true, raise: { min: 20, max: 1000 } }),
    });
    expect(['call', 'raise', 'allin']).toContain(botDecision(v, sfc32(6)).type);
  });

  it('is deterministic for a given random source', () => {
    const v = view('Qd Jd', 'Td 4s 2h', { currentBet: 0, pot: 60, legal: legal({ bet: { min: 10, max: 1000 } }) });
    const runs = [1, 1, 1].map(() => botDecision(v, sfc32(77)));
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('sees only its own cards: the view carries no deck and no other hand', () => {
    const s = startHand({
      handNo: 1,
      players: [0, 1, 2].map((seat) => ({ seat, id: `b${seat}`, name: 'Bot', kind: 'bot' as const, stack: 500 })),
      button: 0,
      deck: shuffleDeck(sfc32(3)),
      smallBlind: 5,
      bigBlind: 10,
    });
    const v = botView(s, 0)!;
    expect(Object.keys(v).sort()).toEqual([
      'bigBlind',
      'board',
      'currentBet',
      'hole',
      'legal',
      'opponents',
      'pot',
      'stack',
      'street',
    ]);
    expect(v.hole).toEqual(s.players[0].hole);
    expect(botView(s, 1)).toBeNull();
  });

  it('only ever makes legal moves: 150 bot-only hands play to the end', () => {
    const rng = sfc32(11);
    for (let h = 0; h < 150; h++) {
      const players = [0, 1, 2, 3, 4, 5].slice(0, 2 + (h % 5)).map((seat) => ({
        seat,
        id: `b${seat}`,
        name: 'Bot',
        kind: 'bot' as const,
        stack: 20 + Math.floor(rng.next() * 1500),
      }));
      let s = startHand({
        handNo: h,
        players,
        button: h % players.length,
        deck: shuffleDeck(rng),
        smallBlind: 5,
        bigBlind: 10,
      });
      while (!s.finished) {
        const r = applyAction(s, s.toAct!, botDecision(botView(s, s.toAct!)!, rng, undefined, 40));
        if (!r.ok) throw new Error(r.error);
        s = r.state;
      }
      expect(s.players.reduce((a, p) => a + p.stack, 0)).toBe(players.reduce((a, p) => a + p.stack, 0));
    }
  });
});
