import {
  blackjackAct,
  blackjackDeal,
  fairStream,
  playDice,
  playPlinko,
  playSlots,
  hiloStart,
  hiloGuess,
  hiloCashout,
  type BlackjackState,
} from '@cosmic/game-engine';
import { toJson } from '../common/json';
import { toBetOutcome } from '@cosmic/contracts';
import { betVerify, type DetailGame } from './bet-outcome';

const SEED = 'ab'.repeat(32);
const stream = (nonce: number) => fairStream(SEED, 'client', nonce);
// what the bet row holds: the settlement's JSON text, read back by PostgreSQL
const stored = (v: unknown) => JSON.parse(toJson(v)) as unknown;
const HC = 100_000_000n;

function blackjackRound(): BlackjackState {
  // the first nonce whose deal is not settled at once, stood on
  for (let n = 0; ; n++) {
    const tape = stream(n);
    const dealt = blackjackDeal(tape);
    if (dealt.status !== 'player') continue;
    const r = blackjackAct(dealt, 'double', tape);
    if (r.ok) return r.state;
  }
}

function hiloRound() {
  const tape = stream(3);
  let s = hiloStart(tape);
  const g = hiloGuess(s, s.cards[0].rank === 'A' ? 'higher' : 'lower', tape);
  if (!g.ok) throw new Error(g.error);
  s = g.state;
  return s.status === 'active' ? (hiloCashout(s) as { ok: true; state: typeof s }).state : s;
}

describe('toBetOutcome and betVerify (the details answer from a bet row)', () => {
  const dice = playDice(stream(0), 'high');
  const plinko = playPlinko(stream(1), 'medium');
  const spin = playSlots(stream(2), { mode: 'free' });
  const bj = blackjackRound();
  const hilo = hiloRound();
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

  it.each<[DetailGame, unknown, bigint, object, object | null]>([
    [
      'dice',
      dice.outcome,
      10n * HC,
      { game: 'dice', dice: dice.outcome.dice, total: dice.outcome.total, betType: 'high', won: dice.outcome.won },
      { extra: { betType: 'high' }, stake: { amount: '10', currency: 'HC' } },
    ],
    [
      'plinko',
      plinko.outcome,
      5n * HC,
      { game: 'plinko', risk: 'medium', path: plinko.outcome.path, slot: plinko.outcome.slot },
      { extra: { risk: 'medium' }, stake: { amount: '5', currency: 'HC' } },
    ],
    [
      'slots',
      slotsRow,
      0n,
      {
        game: 'slots',
        mode: 'free',
        initialGrid: spin.initialGrid,
        finalGrid: spin.finalGrid,
        scatters: spin.scatters,
        capped: spin.capped,
        spinsBought: 0,
      },
      { extra: { freeSpins: '1' }, stake: null },
    ],
    [
      'slots',
      { mode: 'bonus-buy', spins: 10 },
      100n * HC,
      { game: 'slots', mode: 'bonus-buy', spinsBought: 10, initialGrid: [], cascades: [] },
      null,
    ],
    // a doubled hand: the row holds both stakes, the verifier the base bet
    [
      'blackjack',
      bj,
      20n * HC,
      {
        game: 'blackjack',
        actions: ['double'],
        dealer: bj.dealer.map((c) => ({ rank: c.rank, suit: c.suit, label: `${c.rank}${c.suit}` })),
      },
      { extra: { actions: 'double' }, stake: { amount: '10', currency: 'HC' } },
    ],
    [
      'hilo',
      hilo,
      3n * HC,
      {
        game: 'hilo',
        status: hilo.status,
        streak: hilo.streak,
        cards: hilo.cards.map((c) => ({ rank: c.rank, suit: c.suit, label: `${c.rank}${c.suit}` })),
      },
      {
        extra: {
          guesses: hilo.guesses.map((g) => g.direction).join(', '),
          cashout: hilo.status === 'cashed' ? '1' : '0',
        },
        stake: { amount: '3', currency: 'HC' },
      },
    ],
  ])('%s', (game, row, amount, outcome, verify) => {
    const out = toBetOutcome(game, stored(row), { bonusBuy: true });
    expect(out).toMatchObject(outcome);
    expect(betVerify(out, stored(row), amount, 'HC')).toEqual(verify);
  });

  // the outcome's own reading (cells, totals, fields kept) is tested with toBetOutcome in libs/contracts
});
