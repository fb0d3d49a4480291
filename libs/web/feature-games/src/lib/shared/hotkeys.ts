import { tinykeys } from 'tinykeys';

// Game hotkeys (issue 24 item 4): Space plays (the game's main action), S halves the bet, D doubles
// it, A switches between Manual and Auto. Off until the player turns them on (the choice is kept in
// this browser). A press is never a shortcut while the player types in a field, while a dialog is
// open, with Ctrl/Alt/Meta held, or when it is a held key repeating: each shortcut press is one
// ordinary press of the button it stands for.

/** What a shortcut does. */
export type HotkeyAction = 'main' | 'half' | 'double' | 'auto';

/** The shortcuts: the key (tinykeys' name: KeyboardEvent.key or .code), how the help writes it, what it does. */
export const HOTKEYS: readonly { action: HotkeyAction; key: string; label: string }[] = [
  { action: 'main', key: 'Space', label: 'Space' },
  { action: 'half', key: 's', label: 'S' },
  { action: 'double', key: 'd', label: 'D' },
  { action: 'auto', key: 'a', label: 'A' },
];

/** Where the on/off choice is kept (localStorage): 'on' or 'off'; anything else is off. */
export const HOTKEYS_KEY = 'cosmic:hotkeys';

/** Why a key press is not a shortcut now; null when it is one. */
export type HotkeyBlock = 'off' | 'repeat' | 'composing' | 'modifier' | 'typing' | 'dialog';

/** The parts of a key press the guard reads. */
export type KeyPress = Pick<KeyboardEvent, 'target' | 'repeat' | 'isComposing' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** True when the element takes typed text: an input, a textarea, a select, or editable content. */
export function isTyping(el: Element): boolean {
  return el.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/** True when a modal dialog is open on the page (the verifier, Buy Bonus, the shortcuts help, a wallet dialog). */
export function dialogOpen(doc: Document): boolean {
  return doc.querySelector('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null;
}

/** The guard: why this press is not a shortcut (off, a held key's repeat, a modifier, typing, a dialog), or null. */
export function hotkeyBlock(
  press: KeyPress,
  enabled: boolean,
  doc: Document | null = typeof document === 'undefined' ? null : document,
): HotkeyBlock | null {
  if (!enabled) return 'off';
  if (press.repeat) return 'repeat';
  if (press.isComposing) return 'composing';
  if (press.ctrlKey || press.metaKey || press.altKey) return 'modifier';
  const target = press.target;
  if (target && typeof (target as Element).closest === 'function' && isTyping(target as Element)) return 'typing';
  if (doc && dialogOpen(doc)) return 'dialog';
  return null;
}

/** Whether shortcuts are on in this browser (off unless the player turned them on). */
export function readHotkeysOn(storage: Pick<Storage, 'getItem'> | null | undefined): boolean {
  try {
    return storage?.getItem(HOTKEYS_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keeps the choice in this browser. */
export function writeHotkeysOn(storage: Pick<Storage, 'setItem'> | null | undefined, on: boolean): void {
  try {
    storage?.setItem(HOTKEYS_KEY, on ? 'on' : 'off');
  } catch {
    /* the page still follows the choice */
  }
}

/**
 * Listens for the shortcuts on `target` (the window) and calls `handlers` for the ones a game has.
 * A press that passes the guard is the shortcut only: its default is prevented, so Space neither
 * scrolls the page nor presses the focused button as well (its keyup is stopped for that too); a
 * held key's repeats are stopped the same way and do nothing.
 * Returns the function that stops listening.
 */
export function bindHotkeys(
  target: Window | HTMLElement,
  handlers: Partial<Record<HotkeyAction, () => void>>,
  enabled: () => boolean,
): () => void {
  // a held key's repeats reach the handler so they are stopped too (a held Space must not scroll), but do nothing
  const ignore = (e: KeyboardEvent) => {
    const block = hotkeyBlock(e, enabled());
    return block !== null && block !== 'repeat';
  };
  const down: Record<string, (e: KeyboardEvent) => void> = {};
  for (const h of HOTKEYS) {
    const run = handlers[h.action];
    if (!run) continue;
    down[h.key] = (e) => {
      e.preventDefault();
      if (!e.repeat) run();
    };
  }
  const offDown = tinykeys(target, down, { ignore });
  const offUp = handlers.main
    ? tinykeys(target, { Space: (e) => e.preventDefault() }, { event: 'keyup', ignore })
    : () => undefined;
  return () => {
    offDown();
    offUp();
  };
}
