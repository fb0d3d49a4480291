import {
  ACCELERATION_FRAMES,
  COMPLETE_MS,
  MAX_SPEED,
  MIN_SPEED,
  speedAtFrame,
  WARP_MS,
  warpFactor,
} from './warp-timeline';

describe('warp timeline', () => {
  it('follows the spec: about 120 frames, then 1 s, then 0.5 s', () => {
    expect([ACCELERATION_FRAMES, WARP_MS, COMPLETE_MS]).toEqual([120, 1000, 500]);
  });

  it('accelerates monotonically from MIN_SPEED to MAX_SPEED', () => {
    expect(speedAtFrame(0)).toBe(MIN_SPEED);
    expect(speedAtFrame(ACCELERATION_FRAMES)).toBeCloseTo(MAX_SPEED, 10);
    expect(speedAtFrame(ACCELERATION_FRAMES * 2)).toBeCloseTo(MAX_SPEED, 10);
    for (let f = 1; f <= ACCELERATION_FRAMES; f++) expect(speedAtFrame(f)).toBeGreaterThan(speedAtFrame(f - 1));
  });

  it.each([
    [MIN_SPEED, 1],
    [MAX_SPEED, 9.9],
    [MAX_SPEED * 2, 9.9],
    [0, 1],
  ])('speed %p shows warp factor %p', (speed, factor) => expect(warpFactor(speed)).toBe(factor));
});
