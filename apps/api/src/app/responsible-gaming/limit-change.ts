/** A limit as stored: the live value the bet path enforces (null: none) and any change waiting for its cool-off. */
export interface LimitState {
  live: bigint | null;
  pending: { value: bigint | null; effectiveAt: Date } | null;
}

/** What a request to set one currency's limit does. */
export type LimitDecision =
  /** Lower (or first, or the same) limit: applies at once and cancels any pending raise or removal. */
  | { kind: 'now'; live: bigint; cancelled: LimitState['pending'] }
  /** Raise or removal: waits for the cool-off; `restart` false when the same change is already waiting. */
  | { kind: 'pending'; value: bigint | null; restart: boolean }
  /** Removal with no limit set: nothing to do. */
  | { kind: 'none' };

/**
 * The cool-off rule for one currency's daily loss limit: the safer side applies at once, the
 * riskier side (raise, removal) only after the cool-off. A new raise or removal replaces the
 * pending one and starts the cool-off again; asking for the change already waiting keeps its time,
 * so repeating a request never pushes it back.
 */
export function decideLimitChange(state: LimitState, requested: bigint | null): LimitDecision {
  if (requested === null) {
    if (state.live === null) return { kind: 'none' };
    return { kind: 'pending', value: null, restart: !(state.pending && state.pending.value === null) };
  }
  if (state.live === null || requested <= state.live) return { kind: 'now', live: requested, cancelled: state.pending };
  return { kind: 'pending', value: requested, restart: !(state.pending && state.pending.value === requested) };
}
