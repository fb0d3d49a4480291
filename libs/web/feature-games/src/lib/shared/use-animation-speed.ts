import { type AnimationSpeed, readAnimationSpeed, writeAnimationSpeed } from './animation-speed';
import { useStoredChoice } from './use-stored-choice';

/** The game's animation speed as kept in this browser, and its setter (which keeps the choice). */
export function useAnimationSpeed(): [AnimationSpeed, (speed: AnimationSpeed) => void] {
  return useStoredChoice(readAnimationSpeed, writeAnimationSpeed);
}
