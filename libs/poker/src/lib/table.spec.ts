import { sfc32 } from '@cosmic/game-engine';
import { shuffleDeck } from './shuffle';
import { nextButton } from './seats';
import { applyAction, foldSeat, legalActions, startHand, timeoutAction } from './table';
import { stackedDeck } from './test-decks';
import type { HandState, PokerAction, SeatedPlayer } from './types';

const seat = (n: number, stack = 1000): SeatedPlayer => ({ seat: n, id: `p${n}`, name: `P${n}`, kind: 'human', stack });

function start(players: SeatedPlayer[], button: number, holes?: Record<number, string>, board?: string): HandState {
  const deck = holes ? stackedDeck(button, holes, board) : shuffleDeck(sfc32(1));
  return startHand({ handNo: 1, players, button, deck, smallBlind: 5, bigBlind: 10 });
}

/** Plays a list of [seat, action] in order, failing the test on any illegal one. */
function play(s: HandState, moves: Array<[number, PokerAction]>): HandState {
  for (const [who, action] of moves) {
    const r = applyAction(s, who, action);
    if (!r.ok) throw new Error(`seat ${who} ${JSON.stringify(action)}: ${r.error}`);
    s = r.state;
  }
  return s;
}

const stacks = (s: HandState) => Object.fromEntries(s.players.map((p) => [p.seat, p.stack]));
const F: PokerAction = { type: 'fold' };
const X: PokerAction = { type: 'check' };
const C: PokerAction = { type: 'call' };
const B = (amount: number): PokerAction => ({ type: 'bet', amount });
const R = (amount: number): PokerAction => ({ type: 'raise', amount });
const ALLIN: PokerAction = { type: 'allin' };

describe('dealing and blinds', () => {
  it('three-handed: small blind left of the button, big blind next, the button acts first preflop', () => {
    const s = start([seat(0), seat(2), seat(4)], 0);
    expect([s.smallBlindSeat, s.bigBlindSeat, s.toAct]).toEqual([2, 4, 0]);
    expect(s.players.map((p) => p.bet)).toEqual([0, 5, 10]);
    expect(s.players.every((p) => p.hole.length === 2)).toBe(true);
    expect(s.currentBet).toBe(10);
  });

  it('heads-up: the button posts the small blind and acts first preflop, last after the flop', () => {
    let s = start([seat(1), seat(3)], 3);
    expect([s.smallBlindSeat, s.bigBlindSeat, s.toAct]).toEqual([3, 1, 3]);
    s = play(s, [
      [3, C],
      [1, X],
    ]);
    expect(s.street).toBe('flop');
    expect(s.toAct).toBe(1);
  });

  it('deals one card at a time from the button’s left, then the board', () => {
    const s = start([seat(0), seat(1), seat(2)], 0, { 0: 'As Ad', 1: 'Ks Kd', 2: 'Qs Qd' }, '2c 3c 4c 5h 9s');
    expect(s.players.map((p) => p.hole)).toEqual([
      [50, 48],
      [46, 44],
      [42, 40],
    ]);
    expect(s.deck.slice(0, 11)).toEqual([46, 42, 50, 44, 40, 48, 3, 7, 11, 13, 30]);
  });

  it('a blind bigger than the stack puts the player all-in for less', () => {
    const s = start([seat(0), seat(1, 3), seat(2)], 0);
    expect(s.players[1]).toMatchObject({ bet: 3, stack: 0, allIn: true });
    expect(s.currentBet).toBe(10);
  });

  it('moves the button clockwise over occupied seats', () => {
    expect(nextButton(null, [2, 4, 5])).toBe(2);
    expect(nextButton(2, [2, 4, 5])).toBe(4);
    expect(nextButton(5, [0, 2, 5])).toBe(0);
    expect(nextButton(3, [1, 5])).toBe(5);
  });
});

describe('betting rounds', () => {
  it('the big blind gets its option when everyone calls', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    s = play(s, [
      [0, C],
      [1, C],
    ]);
    expect(s.toAct).toBe(2);
    expect(legalActions(s, 2)).toMatchObject({ check: true, call: false, fold: false, raise: { min: 20, max: 1000 } });
    s = play(s, [[2, X]]);
    expect(s.street).toBe('flop');
    expect(s.board).toHaveLength(3);
    expect(s.toAct).toBe(1);
  });

  it('a bet on the flop must be at least the big blind; raises at least the last raise', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    s = play(s, [
      [0, C],
      [1, C],
      [2, X],
    ]);
    expect(legalActions(s, 1)!.bet).toEqual({ min: 10, max: 990 });
    expect(applyAction(s, 1, B(5))).toEqual({ ok: false, error: 'Bet must be to between 10 and 990 chips' });
    s = play(s, [[1, B(40)]]);
    expect(legalActions(s, 2)!.raise).toEqual({ min: 80, max: 990 });
    s = play(s, [[2, R(100)]]);
    // the raise was by 60, so the next raise goes to at least 160
    expect(legalActions(s, 0)!.raise).toEqual({ min: 160, max: 990 });
  });

  it('rejects acting out of turn and checking when facing a bet', () => {
    const s = start([seat(0), seat(1), seat(2)], 0);
    expect(applyAction(s, 1, C)).toEqual({ ok: false, error: 'It is not your turn' });
    expect(applyAction(s, 0, X)).toEqual({ ok: false, error: 'You must call 10, raise or fold' });
    expect(applyAction(s, 0, B(30))).toEqual({ ok: false, error: 'You cannot bet now' });
  });

  it('a short all-in raise does not reopen the betting for a player who already acted', () => {
    let s = start([seat(0, 1000), seat(1, 1000), seat(2, 150)], 0);
    s = play(s, [
      [0, C],
      [1, C],
      [2, X],
    ]);
    // flop: seat 1 bets 100, seat 2 goes all-in for 140 (a raise of 40 < 100), seat 0 has not acted yet
    s = play(s, [
      [1, B(100)],
      [2, ALLIN],
    ]);
    expect(s.currentBet).toBe(140);
    expect(legalActions(s, 0)!.raise).toEqual({ min: 240, max: 990 });
    s = play(s, [[0, C]]);
    const legal1 = legalActions(s, 1)!;
    expect(legal1.raise).toBeNull();
    expect(legal1.allIn).toBeNull();
    expect(legal1).toMatchObject({ call: true, toCall: 40, fold: true });
  });

  it('short all-ins that add up to a full raise reopen the betting', () => {
    let s = start([seat(0, 1000), seat(1, 1000), seat(2, 150), seat(3, 210)], 0);
    s = play(s, [
      [3, C],
      [0, C],
      [1, C],
      [2, X],
    ]);
    s = play(s, [
      [1, B(100)],
      [2, ALLIN],
      [3, ALLIN],
      [0, C],
    ]);
    // seat 1 bet 100; the bet is now 200: a full 100 more, so seat 1 may raise again
    expect(legalActions(s, 1)!.raise).toEqual({ min: 300, max: 990 });
  });

  it('an all-in for less than the call is a call', () => {
    let s = start([seat(0, 1000), seat(1, 60), seat(2, 1000)], 0);
    s = play(s, [[0, R(100)]]);
    expect(legalActions(s, 1)).toMatchObject({ call: true, toCall: 55, raise: null, allIn: 60 });
    expect(applyAction(s, 1, R(200)).ok).toBe(false);
    s = play(s, [
      [1, ALLIN],
      [2, F],
    ]);
    // only seat 0 can still bet: its uncalled 40 comes back and the board runs out
    expect(s.finished).toBe(true);
    expect(s.events).toContainEqual({ type: 'refund', seat: 0, amount: 40 });
  });

  it('timeoutAction checks when it is free and folds otherwise', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    expect(timeoutAction(s)).toEqual(F);
    s = play(s, [
      [0, C],
      [1, C],
    ]);
    expect(timeoutAction(s)).toEqual(X);
  });

  it('a fold when a check is free is refused (unless the player left)', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    s = play(s, [
      [0, C],
      [1, C],
    ]);
    expect(applyAction(s, 2, F)).toEqual({ ok: false, error: 'Nothing to call: check instead of folding' });
    expect(applyAction(s, 2, F, 'left').ok).toBe(true);
  });
});

describe('ends of a hand', () => {
  it('everyone folds to the big blind: it takes the blinds, nothing is shown', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    s = play(s, [
      [0, F],
      [1, F],
    ]);
    expect(s.finished).toBe(true);
    expect(s.result).toMatchObject({ uncontested: true, net: { 0: 0, 1: -5, 2: 5 } });
    expect(s.events.some((e) => e.type === 'show')).toBe(false);
  });

  it('an uncalled raise comes back before the pot is paid', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    s = play(s, [
      [0, R(300)],
      [1, F],
      [2, F],
    ]);
    expect(s.events).toContainEqual({ type: 'refund', seat: 0, amount: 290 });
    expect(stacks(s)).toEqual({ 0: 1015, 1: 995, 2: 990 });
  });

  it('showdown: the best hand wins and the net changes sum to zero', () => {
    let s = start([seat(0), seat(1), seat(2)], 0, { 0: 'As Ad', 1: 'Ks Kd', 2: '7h 2c' }, 'Ac Kc 9d 4h 3s');
    s = play(s, [
      [0, R(30)],
      [1, C],
      [2, F],
    ]);
    s = play(s, [
      [1, X],
      [0, B(50)],
      [1, C],
    ]);
    s = play(s, [
      [1, X],
      [0, X],
    ]);
    s = play(s, [
      [1, X],
      [0, X],
    ]);
    expect(s.street).toBe('showdown');
    expect(s.result!.net).toEqual({ 0: 90, 1: -80, 2: -10 });
    const shows = s.events.filter((e) => e.type === 'show');
    expect(shows.map((e) => e.type === 'show' && e.description)).toEqual([
      'Three of a Kind, Kings',
      'Three of a Kind, Aces',
    ]);
  });

  it('a split pot shares the chips and gives the odd chip to the first winner left of the button', () => {
    // both play the board's straight; the small blind's folded chips make the pot odd
    let s = start([seat(0), seat(1), seat(2)], 0, { 0: '2h 3h', 1: '4d 4s', 2: '2d 3d' }, 'Tc Jd Qh Ks Ac');
    s = play(s, [
      [0, C],
      [1, F],
      [2, X],
    ]);
    for (let street = 0; street < 3; street++)
      s = play(s, [
        [2, X],
        [0, X],
      ]);
    expect(s.result!.pots).toEqual([{ amount: 25, eligible: [0, 2], winners: [2, 0], shares: { 2: 13, 0: 12 } }]);
    expect(s.result!.net).toEqual({ 0: 2, 1: -5, 2: 3 });
  });

  it('side pots: three all-ins of different sizes, each pot to its best eligible hand', () => {
    let s = start(
      [seat(0, 100), seat(1, 300), seat(2, 500)],
      2,
      { 0: 'As Ad', 1: 'Ks Kd', 2: 'Qs Qd' },
      '2c 7h 9d Jc 3s',
    );
    s = play(s, [
      [2, ALLIN],
      [0, ALLIN],
      [1, ALLIN],
    ]);
    expect(s.finished).toBe(true);
    expect(s.board).toHaveLength(5);
    expect(s.events).toContainEqual({ type: 'refund', seat: 2, amount: 200 });
    expect(s.result!.pots.map((p) => [p.amount, p.eligible, p.winners])).toEqual([
      [300, [0, 1, 2], [0]],
      [400, [1, 2], [1]],
    ]);
    expect(stacks(s)).toEqual({ 0: 300, 1: 400, 2: 200 });
  });

  it('runs the board out when everyone left is all-in', () => {
    let s = start([seat(0, 500), seat(1, 500)], 0);
    s = play(s, [
      [0, ALLIN],
      [1, C],
    ]);
    expect(s.finished).toBe(true);
    expect(s.board).toHaveLength(5);
    expect(s.events.filter((e) => e.type === 'street')).toHaveLength(3);
  });
});

describe('a player who leaves mid-hand', () => {
  it('is folded out of turn; their chips stay in the pot', () => {
    let s = start([seat(0), seat(1), seat(2)], 0);
    s = play(s, [[0, R(40)]]);
    s = foldSeat(s, 2);
    expect(s.players[2].folded).toBe(true);
    expect(s.toAct).toBe(1);
    s = play(s, [[1, F]]);
    expect(s.result!.net).toEqual({ 0: 15, 1: -5, 2: -10 });
  });

  it('the big blind who leaves before the small blind acts forfeits the whole blind (nothing comes back to a seat that left)', () => {
    const s = foldSeat(start([seat(0), seat(1)], 0), 1);
    expect(s.finished).toBe(true);
    expect(s.result!.net).toEqual({ 0: 10, 1: -10 });
    expect(s.events.some((e) => e.type === 'refund')).toBe(false);
  });

  it('on their turn it is an ordinary fold, recorded as leaving', () => {
    const s = foldSeat(start([seat(0), seat(1)], 0), 0);
    expect(s.finished).toBe(true);
    expect(s.events).toContainEqual({ type: 'action', seat: 0, action: 'fold', amount: 0, to: 5, auto: 'left' });
  });
});

describe('random legal play never creates or loses a chip', () => {
  it('over 400 seeded hands with random players, stacks and actions', () => {
    const rng = sfc32(99);
    const pick = <T>(xs: T[]) => xs[Math.floor(rng.next() * xs.length)];
    for (let h = 0; h < 400; h++) {
      const n = 2 + Math.floor(rng.next() * 5);
      const players = [0, 1, 2, 3, 4, 5]
        .sort(() => rng.next() - 0.5)
        .slice(0, n)
        .map((i) => seat(i, 1 + Math.floor(rng.next() * 600)));
      const total = players.reduce((a, p) => a + p.stack, 0);
      let s = startHand({
        handNo: h,
        players,
        button: pick(players).seat,
        deck: shuffleDeck(rng),
        smallBlind: 5,
        bigBlind: 10,
      });
      for (let guard = 0; !s.finished; guard++) {
        if (guard > 200) throw new Error('hand did not finish');
        if (rng.next() < 0.03) {
          s = foldSeat(s, pick(s.players).seat);
          continue;
        }
        const legal = legalActions(s, s.toAct!)!;
        const options: PokerAction[] = [];
        if (legal.fold) options.push(F);
        if (legal.check) options.push(X);
        if (legal.call) options.push(C);
        if (legal.bet) options.push(B(legal.bet.min + Math.floor(rng.next() * (legal.bet.max - legal.bet.min + 1))));
        if (legal.raise)
          options.push(R(legal.raise.min + Math.floor(rng.next() * (legal.raise.max - legal.raise.min + 1))));
        if (legal.allIn !== null) options.push(ALLIN);
        const r = applyAction(s, s.toAct!, pick(options));
        if (!r.ok) throw new Error(r.error);
        s = r.state;
      }
      expect(s.players.reduce((a, p) => a + p.stack, 0)).toBe(total);
      expect(Object.values(s.result!.net).reduce((a, b) => a + b, 0)).toBe(0);
      expect(s.players.every((p) => p.stack >= 0)).toBe(true);
    }
  });
});
