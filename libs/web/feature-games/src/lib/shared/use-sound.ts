import { useCallback, useEffect, useRef, useState } from 'react';
import { readSoundOn, type SoundName, SoundPlayer, writeSoundOn } from './sound';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** The page's sound: on/off as kept in this browser (muted by default), the toggle, and play (silent while muted). */
export function useSound() {
  const [on, setOn] = useState(() => readSoundOn(storage()));
  const player = useRef<SoundPlayer | null>(null);
  const onNow = useRef(on);
  onNow.current = on;

  // the files are fetched only once sound is on
  useEffect(() => {
    if (on) (player.current ??= new SoundPlayer()).load();
  }, [on]);

  const toggle = useCallback(() => {
    setOn((was) => {
      writeSoundOn(storage(), !was);
      return !was;
    });
  }, []);

  const play = useCallback((name: SoundName) => {
    if (onNow.current) (player.current ??= new SoundPlayer()).play(name);
  }, []);

  return { on, toggle, play };
}
