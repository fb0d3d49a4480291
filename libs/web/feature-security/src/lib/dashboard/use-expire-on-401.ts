import { useEffect } from 'react';

/** Status of an RTK Query error, if it has one. */
function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
}

/** Locks the session as soon as any of the calls is answered 401 (token expired or refused). */
export function useExpireOn401(errors: unknown[], lock: (notice: string) => void, notice: string): void {
  const refused = errors.some((e) => statusOf(e) === 401);
  useEffect(() => {
    if (refused) lock(notice);
  }, [refused, lock, notice]);
}
