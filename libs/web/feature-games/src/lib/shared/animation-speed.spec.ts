import { ANIMATION_SPEED_KEY, readAnimationSpeed, scaledMs, writeAnimationSpeed } from './animation-speed';

describe('scaledMs (issue 40 item 8: normal, fast, instant)', () => {
  it.each([
    [1500, 'normal', 1500],
    [1500, 'fast', 500],
    [100, 'fast', 33],
    [1500, 'instant', 0],
  ] as const)('%i ms at %s → %i ms', (ms, speed, expected) => {
    expect(scaledMs(ms, speed)).toBe(expected);
  });
});

describe('the speed kept in this browser', () => {
  const store = (value: string | null) => ({ getItem: (k: string) => (k === ANIMATION_SPEED_KEY ? value : null) });
  it.each([
    ['fast', 'fast'],
    ['instant', 'instant'],
    [null, 'normal'],
    ['turbo', 'normal'],
  ] as const)('%s reads as %s', (kept, speed) => {
    expect(readAnimationSpeed(store(kept))).toBe(speed);
  });

  it('writes the choice, and a storage that throws reads normal and keeps nothing', () => {
    const kept = new Map<string, string>();
    writeAnimationSpeed({ setItem: (k, v) => void kept.set(k, v) }, 'fast');
    expect(kept.get(ANIMATION_SPEED_KEY)).toBe('fast');
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readAnimationSpeed(refusing)).toBe('normal');
    expect(() => writeAnimationSpeed(refusing, 'instant')).not.toThrow();
  });
});
