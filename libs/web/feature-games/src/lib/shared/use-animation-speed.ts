import { useCallback, useState } from 'react';
import { type AnimationSpeed, readAnimationSpeed, writeAnimationSpeed } from './animation-speed';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** The game's animation speed as kept in this browser, and its setter (which keeps the choice). */
export function useAnimationSpeed(): [AnimationSpeed, (speed: AnimationSpeed) => void] {
  const [speed, setSpeed] = useState(() => readAnimationSpeed(storage()));
  const choose = useCallback((next: AnimationSpeed) => {
    writeAnimationSpeed(storage(), next);
    setSpeed(next);
  }, []);
  return [speed, choose];
}
