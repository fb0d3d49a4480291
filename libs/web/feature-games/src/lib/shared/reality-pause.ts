// Whether a reality check is due on this page: set by the gate (the server's state, its due time)
// and by a bet the API refused with REALITY_CHECK; autobet waits on it before each bet
// (apps/api/src/app/responsible-gaming/sql/reality_check_gate.sql refuses stakes meanwhile).

type Listener = () => void;
let due = false;
const listeners = new Set<Listener>();

/** Subscribes to changes (useSyncExternalStore's shape); returns the unsubscribe. */
export function subscribeRealityPause(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a reality check is due and not answered. */
export function realityCheckDue(): boolean {
  return due;
}

/** Marks a reality check due (true) or answered (false). */
export function setRealityCheckDue(next: boolean): void {
  if (due === next) return;
  due = next;
  for (const l of [...listeners]) l();
}

/** Resolves once no reality check is due (at once when none is), or as soon as `cancelled()` is true (checked every 250 ms). */
export async function whenRealityCheckClear(cancelled: () => boolean): Promise<void> {
  while (due && !cancelled())
    await new Promise<void>((done) => {
      const timer = window.setTimeout(finish, 250);
      const off = subscribeRealityPause(finish);
      function finish() {
        window.clearTimeout(timer);
        off();
        done();
      }
    });
}
