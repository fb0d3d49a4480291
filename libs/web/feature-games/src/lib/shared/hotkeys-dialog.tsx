import { Button, Dialog } from '@cosmic/web-ui';
import { HOTKEYS, type HotkeyAction } from './hotkeys';
import './hotkeys-dialog.css';

/** What each key does in this game; a key the game does not use says so. */
export type HotkeyHelp = Partial<Record<HotkeyAction, string>>;

/** The "Keyboard shortcuts" help: the on/off switch and each key with what it does here (its own chunk, fetched when opened). */
export default function HotkeysDialog({
  on,
  onChange,
  help,
  onClose,
}: {
  on: boolean;
  onChange(on: boolean): void;
  help: HotkeyHelp;
  onClose(): void;
}) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      description="They work when no field has focus and no dialog is open. While they are on, Space plays even when a button has focus: use Enter to press it."
      onClose={onClose}
      actions={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <label className="cc-autobet__turbo cc-hotkeys__switch">
        <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} data-autofocus />{' '}
        Shortcuts on (kept in this browser)
      </label>
      <dl className="cc-hotkeys" data-testid="hotkeys-list">
        {HOTKEYS.map((h) => (
          <div key={h.action} className={help[h.action] ? '' : 'is-unused'}>
            <dt>
              <kbd>{h.label}</kbd>
            </dt>
            <dd>{help[h.action] ?? 'Nothing in this game'}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
