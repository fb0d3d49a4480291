import { useCallback, useEffect, useRef } from 'react';
import { readSoundOn, type SoundName, SoundPlayer, writeSoundOn } from './sound';
import { useStoredChoice } from './use-stored-choice';

/** The page's sound: on/off as kept in this browser (muted by default), the toggle, and play (silent while muted). */
export function useSound() {
  const [on, setOn] = useStoredChoice(readSoundOn, writeSoundOn);
  const player = useRef<SoundPlayer | null>(null);
  const onNow = useRef(on);
  onNow.current = on;

  // the files are fetched only once sound is on
  useEffect(() => {
    if (on) (player.current ??= new SoundPlayer()).load();
  }, [on]);

  const toggle = useCallback(() => setOn(!onNow.current), [setOn]);

  const play = useCallback((name: SoundName) => {
    if (onNow.current) (player.current ??= new SoundPlayer()).play(name);
  }, []);

  return { on, toggle, play };
}
