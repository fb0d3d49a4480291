import { useEffect, useRef } from 'react';
import { bindHotkeys, type HotkeyAction, readHotkeysOn, writeHotkeysOn } from './hotkeys';
import { useStoredChoice } from './use-stored-choice';

/** The game's shortcut handlers; a game without autobet has no `auto`. */
export type HotkeyHandlers = Partial<Record<HotkeyAction, () => void>>;

/**
 * Binds the game's shortcuts on the window while the page is open: on/off as kept in this browser
 * (off by default), and the handlers read at each press (so they act on the page as it is then).
 */
export function useHotkeys(handlers: HotkeyHandlers) {
  const [on, setOn] = useStoredChoice(readHotkeysOn, writeHotkeysOn);
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

  return { on, setOn, actions: actions.split(',').filter(Boolean) as HotkeyAction[] };
}
