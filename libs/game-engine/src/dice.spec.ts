import { dieFromFloat, playDice, rollDice } from './dice';
import { listStream } from './fair/source';
import { formatR } from './rational';

const faceFloat = (face: number): number => (face - 0.5) / 6;

describe('dice', () => {
  it.each([
    [0, 1],
    [1 / 6 - 2 ** -32, 1],
    [1 / 6, 2],
    [0.5, 4],
    [1 - 2 ** -32, 6],
  ])('die from %f is %i', (f, face) => expect(dieFromFloat(f)).toBe(face));

  it('rolls two dice from floats 0 and 1', () => {
    expect(rollDice(listStream([faceFloat(3), faceFloat(5)]))).toEqual([3, 5]);
  });

  it.each([
    ['low', 1, 1, true, '2'],
    ['low', 3, 3, true, '2'],
    ['low', 3, 4, false, '0'],
    ['seven', 3, 4, true, '4'],
    ['seven', 6, 6, false, '0'],
    ['high', 2, 6, true, '2'],
    ['high', 6, 6, true, '2'],
    ['high', 1, 5, false, '0'],
  ])('%s with %i+%i: won %s, multiplier %s', (bet, a, b, won, multiplier) => {
    const r = playDice(listStream([faceFloat(a), faceFloat(b)]), bet);
    if (!r.ok) throw new Error(r.error);
    expect(r.outcome.won).toBe(won);
    expect(r.outcome.total).toBe(a + b);
    expect(formatR(r.outcome.multiplier)).toBe(multiplier);
  });

  it('answers an unknown bet with an error result', () => {
    expect(playDice(listStream([0, 0]), 'over')).toEqual({
      ok: false,
      error: 'betType must be one of low, seven, high',
    });
  });
});
