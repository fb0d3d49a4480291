import { pathToTrajectory, pegX, pegY, PEG_R, BALL_R, positionAt, slotX, SLOT_TOP, SLOT_H } from './plinko-physics';

const fixed = () => 0.5;

describe('plinko trajectory', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0],
    [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 12],
    [[1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0], 6],
    [[1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1], 9],
  ])('path %j lands in slot %i, in the slot and centred', (path, slot) => {
    const tr = pathToTrajectory(path, fixed);
    expect(tr.slot).toBe(slot);
    const end = positionAt(tr, tr.duration + 1);
    expect(end.x).toBeCloseTo(slotX(slot), 6);
    expect(end.y).toBeGreaterThan(SLOT_TOP);
    expect(end.y).toBeLessThan(SLOT_TOP + SLOT_H);
  });

  it('touches the top of a peg in every row, following the path left and right', () => {
    const path = [1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1];
    const tr = pathToTrajectory(path, fixed);
    let t = 0;
    let rights = 0;
    for (let row = 0; row < 12; row++) {
      t += tr.hops[row].t;
      const p = positionAt(tr, t);
      expect(p.y).toBeCloseTo(pegY(row) - PEG_R - BALL_R, 6);
      expect(p.x).toBeCloseTo(pegX(row, rights + 1), 6);
      rights += path[row];
    }
  });

  it('falls under gravity: bounces up a little off a peg, then comes down faster', () => {
    const tr = pathToTrajectory([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1], fixed);
    const hop = tr.hops[3];
    expect(hop.vy).toBeLessThan(0);
    expect(hop.vy + 900 * hop.t).toBeGreaterThan(-hop.vy);
  });

  it('refuses a malformed path', () => {
    expect(() => pathToTrajectory([0, 1, 2], fixed)).toThrow();
  });
});
