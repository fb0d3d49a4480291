import { useCallback, useEffect, useRef, useState } from 'react';
import { bindHotkeys, type HotkeyAction, readHotkeysOn, writeHotkeysOn } from './hotkeys';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** The game's shortcut handlers; a game without autobet has no `auto`. */
export type HotkeyHandlers = Partial<Record<HotkeyAction, () => void>>;

/**
 * Binds the game's shortcuts on the window while the page is open: on/off as kept in this browser
 * (off by default), and the handlers read at each press (so they act on the page as it is then).
 */
export function useHotkeys(handlers: HotkeyHandlers) {
  const [on, setOnState] = useState(() => readHotkeysOn(storage()));
  const latest = useRef({ handlers, on });
  latest.current = { handlers, on };
  const actions = (Object.keys(handlers) as HotkeyAction[]).sort().join(',');

  useEffect(() => {
    const bound = Object.fromEntries(
      actions
        .split(',')
        .filter(Boolean)
        .map((a) => [a, () => latest.current.handlers[a as HotkeyAction]?.()]),
    );
    return bindHotkeys(window, bound, () => latest.current.on);
  }, [actions]);

  const setOn = useCallback((next: boolean) => {
    writeHotkeysOn(storage(), next);
    setOnState(next);
  }, []);

  return { on, setOn, actions: actions.split(',').filter(Boolean) as HotkeyAction[] };
}
