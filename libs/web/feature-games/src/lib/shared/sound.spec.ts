import {
  BIG_WIN_TIMES,
  outcomeSound,
  readSoundOn,
  SOUND_FILES,
  SOUND_KEY,
  SOUND_VOLUME,
  SoundPlayer,
  writeSoundOn,
} from './sound';

const HC = 100_000_000n;

describe('outcomeSound', () => {
  it.each([
    ['a loss', null, { stake: 10n * HC, payout: 0n }],
    ['part of the stake back (0.5x)', null, { stake: 10n * HC, payout: 5n * HC }],
    ['the stake back (a push)', null, { stake: 10n * HC, payout: 10n * HC }],
    ['a 2x win', 'win', { stake: 10n * HC, payout: 20n * HC }],
    ['a 9.99x win', 'win', { stake: 100n * HC, payout: 999n * HC }],
    [`a ${BIG_WIN_TIMES}x win`, 'big-win', { stake: 10n * HC, payout: 100n * HC }],
    ['a 60x plinko ball', 'big-win', { stake: 1n * HC, payout: 60n * HC }],
    ['a free spin that paid nothing', null, { stake: 0n, payout: 0n, base: 10n * HC }],
    ['a free spin paying 3x its bet', 'win', { stake: 0n, payout: 30n * HC, base: 10n * HC }],
    ['a free spin paying 12x its bet', 'big-win', { stake: 0n, payout: 120n * HC, base: 10n * HC }],
    ['a blackjack hand doubled and won (stake 20, paid 40)', 'win', { stake: 20n * HC, payout: 40n * HC }],
  ] as const)('%s → %p', (_name, sound, bet) => {
    expect(outcomeSound(bet)).toBe(sound);
  });
});

describe('the mute choice', () => {
  it.each([
    [null, false],
    ['on', true],
    ['off', false],
    ['true', false],
  ])('stored %j reads as sound on = %s (muted by default)', (stored, on) => {
    expect(readSoundOn({ getItem: (k: string) => (k === SOUND_KEY ? stored : null) })).toBe(on);
  });

  it('is kept as on/off; a storage that throws leaves sound off and does not break the page', () => {
    const data = new Map<string, string>();
    writeSoundOn({ setItem: (k, v) => void data.set(k, v) }, true);
    expect(data.get(SOUND_KEY)).toBe('on');
    writeSoundOn({ setItem: (k, v) => void data.set(k, v) }, false);
    expect(data.get(SOUND_KEY)).toBe('off');
    expect(() =>
      writeSoundOn(
        {
          setItem: () => {
            throw new Error('quota');
          },
        },
        true,
      ),
    ).not.toThrow();
    expect(
      readSoundOn({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(false);
    expect(readSoundOn(null)).toBe(false);
  });
});

describe('SoundPlayer', () => {
  /** Real audio elements whose play() is counted (jsdom cannot play media). */
  function player(refuse = false) {
    const made: HTMLAudioElement[] = [];
    const plays: string[] = [];
    const p = new SoundPlayer((src) => {
      const a = document.createElement('audio');
      a.src = src;
      a.play = () => {
        plays.push(src);
        return refuse ? Promise.reject(new DOMException('no gesture', 'NotAllowedError')) : Promise.resolve();
      };
      made.push(a);
      return a;
    });
    return { p, made, plays };
  }

  it('makes each element once, quiet and preloaded, and plays it from the start each time', () => {
    const { p, made, plays } = player();
    p.play('win');
    made[0].currentTime = 0.3;
    p.play('win');
    p.play('big-win');
    expect(made.map((a) => a.getAttribute('src'))).toEqual([SOUND_FILES.win, SOUND_FILES['big-win']]);
    expect(made.every((a) => a.volume === SOUND_VOLUME && a.preload === 'auto')).toBe(true);
    expect(made).toHaveLength(2);
    expect(made[0].currentTime).toBe(0);
    expect(plays).toEqual([SOUND_FILES.win, SOUND_FILES.win, SOUND_FILES['big-win']]);
  });

  it('load() makes the three so their files are fetched before the first sound; nothing is made before', () => {
    const { p, made } = player();
    expect(made).toHaveLength(0);
    p.load();
    expect(made.map((a) => a.getAttribute('src')).sort()).toEqual(Object.values(SOUND_FILES).sort());
  });

  it('a play the browser refuses is dropped without an unhandled rejection', async () => {
    const { p, plays } = player(true);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    p.play('bet');
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(plays).toEqual([SOUND_FILES.bet]);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('the three files are distinct assets', () => {
    expect(new Set(Object.values(SOUND_FILES)).size).toBe(3);
    expect(Object.values(SOUND_FILES).every((f) => f.endsWith('.ogg'))).toBe(true);
  });
});
