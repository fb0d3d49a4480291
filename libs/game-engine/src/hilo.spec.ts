import { floatForCard } from './cards';
import { listStream } from './fair/source';
import { hiloCashout, hiloFactor, hiloGuess, hiloOdds, hiloProbability, hiloStart, type HiloState } from './hilo';
import { formatR, mulR } from './rational';

// Card indexes: rank r (0 = '2' … 12 = 'A') of suit ♦ is 4r.
const idx = { A: 48, '2': 0, '5': 12, '7': 20, J: 36, K: 44 } as const;
const tape = (...cards: number[]) => listStream(cards.map(floatForCard));

function guessOk(state: HiloState, dir: string, t: ReturnType<typeof tape>): HiloState {
  const r = hiloGuess(state, dir, t);
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe('hi-lo pricing', () => {
  it.each([
    [1, 'higher', '12/13', '429/400'],
    [1, 'lower', '0', '0'],
    [7, 'higher', '6/13', '429/200'],
    [7, 'lower', '6/13', '429/200'],
    [11, 'lower', '10/13', '1287/1000'],
    [12, 'higher', '1/13', '1287/100'],
    [13, 'higher', '0', '0'],
    [13, 'lower', '12/13', '429/400'],
  ] as const)('value %i %s: p = %s, factor = %s', (v, dir, p, factor) => {
    expect(formatR(hiloProbability(v, dir))).toBe(p);
    expect(formatR(hiloFactor(v, dir))).toBe(factor);
  });

  it('every allowed guess returns exactly 99%: p × factor = 99/100', () => {
    for (let v = 1; v <= 13; v++) {
      for (const dir of ['higher', 'lower'] as const) {
        const p = hiloProbability(v, dir);
        if (p.num > 0n) expect(formatR(mulR(p, hiloFactor(v, dir)))).toBe('99/100');
      }
    }
  });
});

describe('hi-lo run', () => {
  it('draws the first card from float 0 and the card after guess k from float k', () => {
    const t = tape(idx['7'], idx.J, idx['2'], idx.K);
    let s = hiloStart(t);
    expect(s.cards.map((c) => c.index)).toEqual([idx['7']]);
    s = guessOk(s, 'higher', t); // 7 → J wins: × 0.99·13/6
    s = guessOk(s, 'lower', t); // J → 2 wins: × 0.99·13/10
    expect(s.cursor).toBe(3);
    expect(s.streak).toBe(2);
    expect(formatR(mulR(hiloFactor(7, 'higher'), hiloFactor(11, 'lower')))).toBe(
      `${s.multiplier.num}/${s.multiplier.den}`,
    );
    const odds = hiloOdds(s);
    expect(formatR(odds.higher.p)).toBe('11/13');
    expect(odds.lower.allowed).toBe(true);
    expect(formatR(odds.higher.nextMultiplier)).toBe(
      formatR(mulR(mulR(hiloFactor(7, 'higher'), hiloFactor(11, 'lower')), hiloFactor(2, 'higher'))),
    );
    const cashed = hiloCashout(s);
    if (!cashed.ok) throw new Error(cashed.error);
    expect(cashed.state.status).toBe('cashed');
    expect(formatR(cashed.multiplier)).toBe('552123/200000');
  });

  it('an equal rank loses', () => {
    const t = tape(idx['7'], idx['7'] + 1);
    const s = guessOk(hiloStart(t), 'higher', t);
    expect([s.status, s.streak, s.multiplier]).toEqual(['lost', 0, { num: '0', den: '1' }]);
  });

  it.each([
    ['higher from a King', [idx.K], 'higher', 'Cannot guess higher than a King'],
    ['lower from an Ace', [idx.A], 'lower', 'Cannot guess lower than an Ace'],
    ['an unknown direction', [idx['7']], 'same', 'direction must be "higher" or "lower"'],
  ])('refuses %s', (_name, cards, dir, error) => {
    const t = tape(...cards);
    expect(hiloGuess(hiloStart(t), dir, t)).toEqual({ ok: false, error });
  });

  it('refuses guesses and cash-out after a loss, a second cash-out, and cash-out before any win', () => {
    const t = tape(idx['5'], idx['2'], idx.K);
    const start = hiloStart(t);
    expect(hiloCashout(start)).toEqual({ ok: false, error: 'Make at least one correct guess before cashing out' });
    const lost = guessOk(start, 'higher', t);
    expect(hiloGuess(lost, 'higher', t)).toEqual({ ok: false, error: 'The run is over: the last guess lost' });
    expect(hiloCashout(lost).ok).toBe(false);
    const t2 = tape(idx['5'], idx.K);
    const won = guessOk(hiloStart(t2), 'higher', t2);
    const cashed = hiloCashout(won);
    if (!cashed.ok) throw new Error(cashed.error);
    expect(hiloCashout(cashed.state)).toEqual({ ok: false, error: 'The run was already cashed out' });
    expect(hiloGuess(cashed.state, 'lower', t2)).toEqual({ ok: false, error: 'The run is over: it was cashed out' });
  });

  it('the state survives a JSON round trip and does not mutate its input', () => {
    const t = tape(idx['5'], idx.K, idx['2']);
    const s = hiloStart(t);
    const before = JSON.stringify(s);
    const next = guessOk(JSON.parse(before), 'higher', t);
    expect(JSON.stringify(s)).toBe(before);
    const again = guessOk(JSON.parse(JSON.stringify(next)), 'lower', t);
    expect(again.streak).toBe(2);
  });
});
