import { useCallback, useEffect, useState } from 'react';
import type { SecurityToken } from '@cosmic/contracts';

/** A bearer token held in component memory only: gone on reload, never in storage or a URL. */
export interface TokenSession {
  token: string | null;
  expiresAt: number;
  /** Why the session ended (expired, refused), shown on the lock screen. */
  notice: string | null;
  unlock(issued: SecurityToken): void;
  lock(notice?: string): void;
}

/** The notice when a token's 15 minutes are over. */
export const EXPIRED_NOTICE = 'Your session expired: unlock again to continue.';

/** Holds one token and locks again when it expires. */
export function useTokenSession(): TokenSession {
  const [state, setState] = useState<{ token: string | null; expiresAt: number; notice: string | null }>({
    token: null,
    expiresAt: 0,
    notice: null,
  });

  const unlock = useCallback(
    (issued: SecurityToken) => setState({ token: issued.token, expiresAt: Date.parse(issued.expiresAt), notice: null }),
    [],
  );
  const lock = useCallback((notice?: string) => setState({ token: null, expiresAt: 0, notice: notice ?? null }), []);

  useEffect(() => {
    if (!state.token) return;
    const t = setTimeout(() => lock(EXPIRED_NOTICE), Math.max(0, state.expiresAt - Date.now()));
    return () => clearTimeout(t);
  }, [state.token, state.expiresAt, lock]);

  return { ...state, unlock, lock };
}
