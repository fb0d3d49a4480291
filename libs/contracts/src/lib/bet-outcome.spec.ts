import {
  blackjackAct,
  blackjackDeal,
  fairStream,
  hiloCashout,
  hiloGuess,
  hiloStart,
  playDice,
  playerTotal,
  playPlinko,
  playSlots,
  verify,
  type BlackjackState,
} from '@cosmic/game-engine';
import type { BetOutcome } from './bet-details';
import { cardOfLabel, toBetOutcome } from './bet-outcome';

const SEED = 'ab'.repeat(32);
const stream = (nonce: number) => fairStream(SEED, 'client', nonce);
// what a bet row holds: the settlement's JSON, read back by PostgreSQL (bigints as text)
const stored = (v: unknown) =>
  JSON.parse(JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x))) as unknown;
/** The engine's recomputation of a bet (game-engine `verify`), as the browser gets it. */
function recomputed(game: BetOutcome['game'], nonce: number, params: object): Record<string, unknown> {
  const r = verify(game, SEED, 'client', nonce, params);
  if (!r.ok) throw new Error(r.error);
  return r.outcome;
}

/** The first round whose deal `pick` plays (then stood on until settled): its nonce, final state and every action taken. */
function blackjackRound(pick: (dealt: BlackjackState) => string | null): {
  nonce: number;
  state: BlackjackState;
  actions: string[];
} {
  for (let n = 0; ; n++) {
    const tape = stream(n);
    const dealt = blackjackDeal(tape);
    if (dealt.status !== 'player') continue;
    const first = pick(dealt);
    if (first === null) continue;
    const actions = [first];
    let r = blackjackAct(dealt, first, tape);
    while (r.ok && r.state.status === 'player') {
      actions.push('stand');
      r = blackjackAct(r.state, 'stand', tape);
    }
    if (r.ok) return { nonce: n, state: r.state, actions };
  }
}

function hiloRound() {
  const tape = stream(3);
  let s = hiloStart(tape);
  const direction = s.cards[0].rank === 'A' ? 'higher' : 'lower';
  const g = hiloGuess(s, direction, tape);
  if (!g.ok) throw new Error(g.error);
  s = g.state;
  return { state: s.status === 'active' ? (hiloCashout(s) as { ok: true; state: typeof s }).state : s, direction };
}

describe('toBetOutcome from a bet row (cards as objects)', () => {
  const dice = playDice(stream(0), 'high');
  const plinko = playPlinko(stream(1), 'medium');
  const spin = playSlots(stream(2), { mode: 'free' });
  const bj = blackjackRound(() => 'double').state;
  const hilo = hiloRound().state;
  if (!dice.ok || !plinko.ok) throw new Error('engine refused');
  const slotsRow = {
    mode: spin.mode,
    initialGrid: spin.initialGrid,
    finalGrid: spin.finalGrid,
    scatters: spin.scatters,
    freeSpinsAwarded: spin.freeSpinsAwarded,
    capped: spin.capped,
    cascades: spin.cascades.map((c) => ({
      grid: c.grid,
      clusters: c.clusters.map((k) => ({ symbol: k.symbol, size: k.size, positions: k.positions })),
    })),
  };

  it.each<[BetOutcome['game'], unknown, object]>([
    [
      'dice',
      dice.outcome,
      { game: 'dice', dice: dice.outcome.dice, total: dice.outcome.total, betType: 'high', won: dice.outcome.won },
    ],
    [
      'plinko',
      plinko.outcome,
      { game: 'plinko', risk: 'medium', path: plinko.outcome.path, slot: plinko.outcome.slot },
    ],
    [
      'slots',
      slotsRow,
      {
        game: 'slots',
        mode: 'free',
        initialGrid: spin.initialGrid,
        finalGrid: spin.finalGrid,
        scatters: spin.scatters,
        capped: spin.capped,
        spinsBought: 0,
      },
    ],
    [
      'blackjack',
      bj,
      {
        game: 'blackjack',
        actions: ['double'],
        dealer: bj.dealer.map((c) => ({ rank: c.rank, suit: c.suit, label: `${c.rank}${c.suit}` })),
      },
    ],
    [
      'hilo',
      hilo,
      {
        game: 'hilo',
        status: hilo.status,
        streak: hilo.streak,
        cards: hilo.cards.map((c) => ({ rank: c.rank, suit: c.suit, label: `${c.rank}${c.suit}` })),
      },
    ],
  ])('%s', (game, row, outcome) => {
    expect(toBetOutcome(game, stored(row), { bonusBuy: true })).toMatchObject(outcome);
  });

  it('keeps a slots cascade’s clusters with their cells', () => {
    const withWin = [...Array(200).keys()]
      .map((n) => playSlots(stream(100 + n), { mode: 'base' }))
      .find((s) => s.cascades.length > 0)!;
    const row = {
      mode: 'base',
      initialGrid: withWin.initialGrid,
      finalGrid: withWin.finalGrid,
      scatters: 0,
      freeSpinsAwarded: 0,
      capped: false,
      cascades: withWin.cascades.map((c) => ({
        grid: c.grid,
        clusters: c.clusters.map((k) => ({ symbol: k.symbol, size: k.size, positions: k.positions })),
      })),
    };
    const out = toBetOutcome('slots', stored(row));
    if (out.game !== 'slots') throw new Error('not slots');
    expect(out.cascades[0].clusters[0]).toEqual({
      symbol: withWin.cascades[0].clusters[0].symbol,
      size: withWin.cascades[0].clusters[0].size,
      positions: withWin.cascades[0].clusters[0].positions,
    });
    expect(out.cascades[0].grid).toHaveLength(25);
  });

  it('gives each blackjack hand and the dealer their totals, and the hand its result', () => {
    const out = toBetOutcome('blackjack', stored(bj));
    if (out.game !== 'blackjack') throw new Error('not blackjack');
    expect(out.hands).toHaveLength(1);
    expect(out.hands[0]).toMatchObject({ doubled: true, fromSplit: false, result: bj.hands[0].result });
    expect(out.hands[0].cards).toHaveLength(3);
    expect(out.dealerTotal).toBe(playerTotal(bj.dealer).total);
    expect(out.hands[0].total).toBe(playerTotal(bj.hands[0].cards).total);
  });

  it('drops what the row keeps beyond the answer (a round’s cursor, its multiplier tally)', () => {
    const out = toBetOutcome('hilo', stored(hilo)) as unknown as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['cards', 'game', 'guesses', 'status', 'streak']);
  });
});

describe('toBetOutcome’s bonusBuy option (a slots bonus purchase)', () => {
  const purchase = { mode: 'bonus-buy', spins: 10 };

  it.each<[string, { bonusBuy?: boolean }, object]>([
    ['kept for a bet row', { bonusBuy: true }, { mode: 'bonus-buy', spinsBought: 10, initialGrid: [], cascades: [] }],
    ['read as a base spin without it (the engine never recomputes one)', {}, { mode: 'base', spinsBought: 0 }],
  ])('%s', (_, options, outcome) => {
    expect(toBetOutcome('slots', purchase, options)).toMatchObject({ game: 'slots', ...outcome });
  });

  it('changes nothing for a spin', () => {
    const spin = { mode: 'free', initialGrid: ['a'], finalGrid: ['b'], spins: 3 };
    expect(toBetOutcome('slots', spin, { bonusBuy: true })).toEqual(toBetOutcome('slots', spin));
    expect(toBetOutcome('slots', spin)).toMatchObject({ mode: 'free', spinsBought: 0 });
  });
});

describe('toBetOutcome from the engine’s recomputation (cards as labels)', () => {
  it('reads a card from its label, ten included', () => {
    expect(cardOfLabel('10♥')).toEqual({ rank: '10', suit: '♥', label: '10♥' });
    expect(toBetOutcome('hilo', { cards: ['A♠'] })).toMatchObject({
      cards: [{ rank: 'A', suit: '♠', label: 'A♠' }],
    });
  });

  // the verification compares the two: a bet row and the engine's replay of it must read the same
  it('reads a dice, plinko and slots bet the same from its row and from the engine', () => {
    const dice = playDice(stream(0), 'high');
    const plinko = playPlinko(stream(1), 'medium');
    if (!dice.ok || !plinko.ok) throw new Error('engine refused');
    expect(toBetOutcome('dice', recomputed('dice', 0, { betType: 'high' }))).toEqual(
      toBetOutcome('dice', stored(dice.outcome), { bonusBuy: true }),
    );
    expect(toBetOutcome('plinko', recomputed('plinko', 1, { risk: 'medium' }))).toEqual(
      toBetOutcome('plinko', stored(plinko.outcome), { bonusBuy: true }),
    );
    const spin = playSlots(stream(2), { mode: 'free' });
    expect(toBetOutcome('slots', recomputed('slots', 2, { freeSpins: true }))).toEqual(
      toBetOutcome('slots', stored({ ...spin, mode: 'free' }), { bonusBuy: true }),
    );
  });

  it.each<[string, (dealt: BlackjackState) => string | null, boolean]>([
    ['a doubled hand', () => 'double', false],
    [
      'a split pair (both hands from the split)',
      (d) => (d.hands[0].cards[0].rank === d.hands[0].cards[1].rank ? 'split' : null),
      true,
    ],
  ])('reads blackjack the same from its row and from the engine: %s', (_, pick, split) => {
    const { nonce, state, actions } = blackjackRound(pick);
    const fromRow = toBetOutcome('blackjack', stored(state), { bonusBuy: true });
    const fromEngine = toBetOutcome('blackjack', recomputed('blackjack', nonce, { actions }));
    expect(fromEngine).toEqual(fromRow);
    if (fromRow.game !== 'blackjack') throw new Error('not blackjack');
    expect(fromRow.hands.map((h) => h.fromSplit)).toEqual(split ? [true, true] : [false]);
  });

  it('reads hi-lo the same from its row and from the engine', () => {
    const { state, direction } = hiloRound();
    const fromEngine = recomputed('hilo', 3, { guesses: [direction], cashout: state.status === 'cashed' });
    expect(toBetOutcome('hilo', fromEngine)).toEqual(toBetOutcome('hilo', stored(state), { bonusBuy: true }));
  });
});
