import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  title: string;
  /** One line under the title, read with it. */
  description?: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
}

/** What focus moves to when the dialog opens: the first of these, unless one is marked data-autofocus. */
const CONTROLS =
  'button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled])';
/** What Tab moves through: the controls and anything else in the tab order (a ScrollRegion). */
const FOCUSABLE = `${CONTROLS}, [tabindex]:not([tabindex="-1"])`;

/** A modal dialog: focus moves in and back out, Tab stays inside, Escape and the backdrop close it. */
export function Dialog({ title, description, onClose, children, actions }: DialogProps) {
  const titleId = useId();
  const descId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // the first control, not a scrolling box that is in the tab order only to be scrolled (ScrollRegion)
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>(CONTROLS);
    (first ?? panel.current)?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && panel.current) {
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const edge = e.shiftKey ? items[0] : items[items.length - 1];
      if (items.length && document.activeElement === edge) {
        e.preventDefault();
        (e.shiftKey ? items[items.length - 1] : items[0]).focus();
      }
    }
  };

  return createPortal(
    <div className="cc-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="cc-dialog cc-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="cc-dialog__title">
          {title}
        </h2>
        {description && (
          <p id={descId} className="cc-dialog__description">
            {description}
          </p>
        )}
        <div className="cc-dialog__body">{children}</div>
        {actions && <div className="cc-dialog__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
