import { bindHotkeys, type HotkeyAction, hotkeyBlock, HOTKEYS_KEY, readHotkeysOn, writeHotkeysOn } from './hotkeys';

/** A page with a field of each kind, a button, a plain area and (when asked) an open dialog. */
function page(dialog?: string) {
  document.body.innerHTML = `
    <main>
      <label>Bet amount <input id="amount" value="10" /></label>
      <input id="check" type="checkbox" />
      <textarea id="notes"></textarea>
      <select id="pick"><option>a</option></select>
      <div id="rich" contenteditable="true"><span id="rich-inner">x</span></div>
      <div id="plain-editable" contenteditable="false">y</div>
      <button id="button">Roll</button>
      <p id="plain">board</p>
    </main>
    ${dialog ?? ''}`;
  return (id: string) => document.getElementById(id)!;
}

const press = (target: EventTarget, extra: Partial<KeyboardEvent> = {}) => ({
  target,
  repeat: false,
  isComposing: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

describe('hotkeyBlock (the guard)', () => {
  const el = page();
  it.each([
    ['on the page', null, () => press(document.body), true],
    ['on a plain element', null, () => press(el('plain')), true],
    ['on a focused button', null, () => press(el('button')), true],
    ['on a non-editable element', null, () => press(el('plain-editable')), true],
    ['shortcuts off', 'off', () => press(document.body), false],
    ['a held key repeating', 'repeat', () => press(document.body, { repeat: true }), true],
    ['an IME composing', 'composing', () => press(document.body, { isComposing: true }), true],
    ['Ctrl held', 'modifier', () => press(document.body, { ctrlKey: true }), true],
    ['Meta held', 'modifier', () => press(document.body, { metaKey: true }), true],
    ['Alt held', 'modifier', () => press(document.body, { altKey: true }), true],
    ['typing in an input', 'typing', () => press(el('amount')), true],
    ['on a checkbox', 'typing', () => press(el('check')), true],
    ['typing in a textarea', 'typing', () => press(el('notes')), true],
    ['in a select', 'typing', () => press(el('pick')), true],
    ['in editable content', 'typing', () => press(el('rich-inner')), true],
  ] as const)('%s → %p', (_name, expected, make, enabled) => {
    expect(hotkeyBlock(make(), enabled, document)).toBe(expected);
  });

  it.each([
    ['an aria-modal dialog', '<div role="dialog" aria-modal="true"><button id="in-dialog">x</button></div>'],
    ['an open <dialog>', '<dialog open><button id="in-dialog">x</button></dialog>'],
    ['an alert dialog', '<div role="alertdialog"><button id="in-dialog">x</button></div>'],
  ])('is blocked while %s is open, on the page and inside it', (_name, html) => {
    const at = page(html);
    expect(hotkeyBlock(press(document.body), true, document)).toBe('dialog');
    expect(hotkeyBlock(press(at('in-dialog')), true, document)).toBe('dialog');
  });

  it('a non-modal role=dialog (a popover) does not block', () => {
    page('<div role="dialog"><button>x</button></div>');
    expect(hotkeyBlock(press(document.body), true, document)).toBeNull();
  });
});

describe('bindHotkeys', () => {
  let off: () => void = () => undefined;
  afterEach(() => off());

  /** Binds every action; returns what fired, in order. */
  function bind(on = true, only?: HotkeyAction[]) {
    const fired: HotkeyAction[] = [];
    const all: HotkeyAction[] = only ?? ['main', 'half', 'double', 'auto'];
    off = bindHotkeys(window, Object.fromEntries(all.map((a) => [a, () => fired.push(a)])), () => on);
    return fired;
  }
  const key = (target: EventTarget, k: string, code: string, init: KeyboardEventInit = {}, type = 'keydown') => {
    const e = new KeyboardEvent(type, { key: k, code, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(e);
    return e;
  };
  const typeKeys = (target: EventTarget) =>
    [
      ['s', 'KeyS'],
      [' ', 'Space'],
      ['d', 'KeyD'],
      [' ', 'Space'],
      ['a', 'KeyA'],
      [' ', 'Space'],
    ].map(([k, code]) => key(target, k, code));

  it('fires each shortcut once per press on the page, and Space does not scroll or press the focused button', () => {
    const el = page();
    const fired = bind();
    const space = key(el('button'), ' ', 'Space');
    expect(space.defaultPrevented).toBe(true);
    expect(key(el('button'), ' ', 'Space', {}, 'keyup').defaultPrevented).toBe(true);
    key(document.body, 's', 'KeyS');
    key(document.body, 'd', 'KeyD');
    key(el('plain'), 'a', 'KeyA');
    expect(fired).toEqual(['main', 'half', 'double', 'auto']);
  });

  it('typing "s d a" and spaces into the bet amount fires nothing and lets the field have every key', () => {
    const el = page();
    const fired = bind();
    const events = typeKeys(el('amount'));
    expect(fired).toEqual([]);
    expect(events.every((e) => !e.defaultPrevented)).toBe(true);
    expect(events).toHaveLength(6);
  });

  it('fires nothing while off, and nothing while a dialog is open', () => {
    page('<div role="dialog" aria-modal="true"></div>');
    const fired = bind(true);
    typeKeys(document.body);
    off();
    page();
    const firedOff = bind(false);
    const events = typeKeys(document.body);
    expect(fired).toEqual([]);
    expect(firedOff).toEqual([]);
    expect(events.some((e) => e.defaultPrevented)).toBe(false);
  });

  it('holding Space plays once: the repeats are not shortcuts and do not scroll', () => {
    page();
    const fired = bind();
    key(document.body, ' ', 'Space');
    const repeats = Array.from({ length: 5 }, () => key(document.body, ' ', 'Space', { repeat: true }));
    expect(fired).toEqual(['main']);
    // the repeats do not scroll the page either
    expect(repeats.map((e) => e.defaultPrevented)).toEqual([true, true, true, true, true]);
  });

  it('Shift+S and Ctrl+D are not shortcuts', () => {
    page();
    const fired = bind();
    key(document.body, 'S', 'KeyS', { shiftKey: true });
    key(document.body, 'd', 'KeyD', { ctrlKey: true });
    expect(fired).toEqual([]);
  });

  it('a game without autobet has no A: the key keeps its default', () => {
    page();
    const fired = bind(true, ['main', 'half', 'double']);
    const a = key(document.body, 'a', 'KeyA');
    expect(fired).toEqual([]);
    expect(a.defaultPrevented).toBe(false);
  });
});

describe('the on/off choice', () => {
  it.each([
    [null, false],
    ['on', true],
    ['off', false],
    ['yes', false],
  ])('stored %j reads as %s', (stored, on) => {
    const storage = { getItem: (k: string) => (k === HOTKEYS_KEY ? stored : null) };
    expect(readHotkeysOn(storage)).toBe(on);
  });

  it('is written as on/off, and a storage that throws is ignored', () => {
    const data = new Map<string, string>();
    writeHotkeysOn({ setItem: (k, v) => void data.set(k, v) }, true);
    expect(data.get(HOTKEYS_KEY)).toBe('on');
    expect(() =>
      writeHotkeysOn(
        {
          setItem: () => {
            throw new Error('quota');
          },
        },
        false,
      ),
    ).not.toThrow();
    expect(
      readHotkeysOn({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(false);
  });
});
