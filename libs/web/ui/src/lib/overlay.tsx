import { createPortal } from 'react-dom';

/**
 * A full-screen portal animation with a message, announced politely (e.g. "Entering the
 * Cosmos..."). Rendered into document.body so no transformed ancestor can trap it.
 */
export function Overlay({ message }: { message: string }) {
  return createPortal(
    <div className="cc-overlay" role="status" aria-live="polite">
      <div className="cc-overlay__portal" aria-hidden="true">
        <span className="cc-overlay__ring" />
        <span className="cc-overlay__ring cc-overlay__ring--2" />
        <span className="cc-overlay__core" />
      </div>
      <p className="cc-overlay__message">{message}</p>
    </div>,
    document.body,
  );
}
