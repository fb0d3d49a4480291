import { useCallback, useReducer } from 'react';
import { emptySession, type SettledBet, sessionStats } from './session-stats';

/** The page's session stats: since the page opened or the last reset; `record` counts a settled bet (once per bet id). */
export function useSessionStats() {
  const [stats, dispatch] = useReducer(sessionStats, undefined, () => emptySession(Date.now()));
  const record = useCallback((bet: SettledBet) => dispatch({ type: 'bet', bet }), []);
  const reset = useCallback(() => dispatch({ type: 'reset', at: Date.now() }), []);
  return { stats, record, reset };
}
