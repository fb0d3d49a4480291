import type { SettledBet } from './session-stats';
import betUrl from './sounds/bet.ogg';
import bigWinUrl from './sounds/big-win.ogg';
import winUrl from './sounds/win.ogg';

// Sound effects (issue 24 item 4): a bet, a win and a big win; muted until the player turns them on,
// and the choice is kept in this browser. The files (sounds/, made by sounds/make-sounds.sh) are
// fetched only once sound is on.

/** The three effects. */
export type SoundName = 'bet' | 'win' | 'big-win';

/** Each effect's file (its URL in the built remote). */
export const SOUND_FILES: Readonly<Record<SoundName, string>> = { bet: betUrl, win: winUrl, 'big-win': bigWinUrl };

/** Where the choice is kept (localStorage): 'on' or 'off'; anything else is off. */
export const SOUND_KEY = 'cosmic:sound';
/** Quiet: the files peak near −15 dBFS and play at this volume. */
export const SOUND_VOLUME = 0.4;
/** A payout of at least this many times the bet is a big win. */
export const BIG_WIN_TIMES = 10n;

/** The sound a settled bet makes: a big win (≥ 10× the bet), a win (more than it staked), or none. A free spin is measured against the bet it was played at. */
export function outcomeSound(bet: Pick<SettledBet, 'stake' | 'payout' | 'base'>): 'win' | 'big-win' | null {
  if (bet.payout <= bet.stake) return null;
  const size = bet.stake > 0n ? bet.stake : (bet.base ?? 0n);
  return size > 0n && bet.payout >= size * BIG_WIN_TIMES ? 'big-win' : 'win';
}

/** Whether sound is on in this browser (off unless the player turned it on; off when storage is unavailable). */
export function readSoundOn(storage: Pick<Storage, 'getItem'> | null | undefined): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keeps the choice in this browser (a storage that refuses, e.g. a private window's, keeps it for this page only). */
export function writeSoundOn(storage: Pick<Storage, 'setItem'> | null | undefined, on: boolean): void {
  try {
    storage?.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    /* the page still follows the choice */
  }
}

/** A way to make an audio element for a file (the browser's Audio by default). */
export type MakeAudio = (src: string) => HTMLAudioElement;

/**
 * Plays the effects with one HTMLAudioElement each, made (and so fetched) on `load()` or the first
 * play. A sound restarts if it is still playing; a play the browser refuses (no user gesture yet) is dropped.
 */
export class SoundPlayer {
  private readonly audio = new Map<SoundName, HTMLAudioElement>();

  constructor(private readonly make: MakeAudio = (src) => new Audio(src)) {}

  /** Makes the three elements so the files are fetched before the first sound. */
  load(): void {
    for (const name of Object.keys(SOUND_FILES) as SoundName[]) this.element(name);
  }

  /** Plays `name` from its start. */
  play(name: SoundName): void {
    const a = this.element(name);
    a.currentTime = 0;
    const played = a.play();
    // a promise in browsers; a browser that refuses (autoplay policy) rejects it: the sound is skipped
    if (played) played.catch(() => undefined);
  }

  private element(name: SoundName): HTMLAudioElement {
    let a = this.audio.get(name);
    if (!a) {
      a = this.make(SOUND_FILES[name]);
      a.preload = 'auto';
      a.volume = SOUND_VOLUME;
      this.audio.set(name, a);
    }
    return a;
  }
}
