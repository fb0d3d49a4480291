import type { AppKind } from './wallet-texts';

/** How long a wallet app's connect may stay unanswered before the casino gives up on it (2 minutes). */
export const CONNECT_TIMEOUT_MS = 120_000;

/** Why a connect was given up: the player closed the wallet's window (its × or Escape). */
export const CONNECT_WINDOW_CLOSED = 'Connect modal is closed by user';
/** Why a connect was given up: the wallet app did not answer in time. */
export const CONNECT_TIMED_OUT = `No answer from the wallet app within ${CONNECT_TIMEOUT_MS / 60_000} minutes`;

/**
 * The connect windows of the wallet apps whose library draws one in the page (@perawallet/connect,
 * @blockshake/defly-connect): the element appended to <body>, and the id of its × inside the
 * window's shadow DOM. The libraries listen to that × only when their web components were defined
 * before the window opened (a lazily loaded chunk of theirs), and neither listens to Escape: the
 * casino closes the window itself.
 */
const WINDOWS: Partial<Record<AppKind, { wrapperId: string; closeButtonId: string }>> = {
  pera: { wrapperId: 'pera-wallet-connect-modal-wrapper', closeButtonId: 'pera-wallet-modal-header-close-button' },
  defly: { wrapperId: 'defly-wallet-connect-modal-wrapper', closeButtonId: 'defly-wallet-modal-header-close-button' },
};

/** A connect being watched: `given up` rejects when the player closes the window or time runs out. */
export interface ConnectWatch {
  readonly givenUp: Promise<never>;
  /** Stops watching (the connect settled); the window is left to its library. */
  stop(): void;
}

/**
 * Watches a wallet app's connect: its window's × (the click crosses the shadow roots, so
 * `composedPath` names the button) or Escape while the window is open rejects `givenUp` with
 * CONNECT_WINDOW_CLOSED, and `timeoutMs` without an answer with CONNECT_TIMED_OUT. Either way the
 * window is removed from the page, as its library does when it closes it.
 */
export function watchConnect(kind: AppKind, doc: Document, timeoutMs = CONNECT_TIMEOUT_MS): ConnectWatch {
  const known = WINDOWS[kind];
  let giveUp: (reason: Error) => void = () => undefined;
  const givenUp = new Promise<never>((_, reject) => (giveUp = reject));
  givenUp.catch(() => undefined); // a watch stopped before anyone awaited it

  const windowOpen = () => (known ? doc.getElementById(known.wrapperId) : null);
  const end = (reason: string) => {
    stop();
    windowOpen()?.remove();
    giveUp(new Error(reason));
  };
  const onClick = (event: Event) => {
    if (!known) return;
    const path = event.composedPath();
    if (path.some((node) => node instanceof Element && node.id === known.closeButtonId)) end(CONNECT_WINDOW_CLOSED);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && windowOpen()) end(CONNECT_WINDOW_CLOSED);
  };
  const timer = setTimeout(() => end(CONNECT_TIMED_OUT), timeoutMs);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKey, true);

  function stop() {
    clearTimeout(timer);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKey, true);
  }
  return { givenUp, stop };
}
