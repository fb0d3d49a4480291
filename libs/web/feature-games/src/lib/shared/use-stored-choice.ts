import { useCallback, useState, useSyncExternalStore } from 'react';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

const noSubscription = () => () => undefined;

/**
 * A choice this browser keeps (localStorage), and its setter (which keeps it). While the page
 * hydrates the games remote's first screen, which its build rendered with no storage
 * (apps/games-mfe/src/fragments.tsx), it reads as the default (`read(null)`) so hydration matches
 * that HTML; the kept choice follows right after.
 */
export function useStoredChoice<T>(
  read: (storage: Storage | null) => T,
  write: (storage: Storage | null, value: T) => void,
): [T, (value: T) => void] {
  const kept = useSyncExternalStore(
    noSubscription,
    () => read(storage()),
    () => read(null),
  );
  const [chosen, setChosen] = useState<{ value: T }>();
  const choose = useCallback(
    (value: T) => {
      write(storage(), value);
      setChosen({ value });
    },
    [write],
  );
  return [chosen ? chosen.value : kept, choose];
}
