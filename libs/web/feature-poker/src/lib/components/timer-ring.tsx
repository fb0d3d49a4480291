export interface TimerRingProps {
  /** Total time to act, ms. */
  totalMs: number;
  /** Time left when the view was drawn, ms. */
  leftMs: number;
}

/**
 * The turn timer around a seat's avatar: a ring that empties as time runs out. Pure CSS
 * animation started part-way through (negative delay), so it costs nothing per frame in JS.
 */
export function TimerRing({ totalMs, leftMs }: TimerRingProps) {
  const elapsed = Math.max(0, Math.min(totalMs, totalMs - leftMs));
  return (
    <svg className="pk-timer" viewBox="0 0 48 48" aria-hidden="true">
      <circle className="pk-timer__track" cx="24" cy="24" r="22" />
      <circle
        className="pk-timer__arc"
        cx="24"
        cy="24"
        r="22"
        pathLength={100}
        style={{ animationDuration: `${totalMs}ms`, animationDelay: `-${elapsed}ms` }}
      />
    </svg>
  );
}
