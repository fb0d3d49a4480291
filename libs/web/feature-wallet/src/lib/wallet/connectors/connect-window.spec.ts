import { CONNECT_TIMED_OUT, CONNECT_TIMEOUT_MS, CONNECT_WINDOW_CLOSED, watchConnect } from './connect-window';
import { type LibraryWallet, WalletConnector } from './wallet-connector';

/** Pera's connect window as @perawallet/connect draws it: a wrapper in <body>, the × two shadow roots down. */
function peraWindow(): HTMLButtonElement {
  const wrapper = document.createElement('div');
  wrapper.id = 'pera-wallet-connect-modal-wrapper';
  const modal = wrapper.appendChild(document.createElement('div'));
  const header = modal.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
  const close = header.attachShadow({ mode: 'open' }).appendChild(document.createElement('button'));
  close.id = 'pera-wallet-modal-header-close-button';
  document.body.appendChild(wrapper);
  return close;
}
const windowShown = () => document.getElementById('pera-wallet-connect-modal-wrapper') !== null;
const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

/** A Pera wallet whose connect never answers (its bridge unreachable), as use-wallet hands it out. */
function unansweredPera(): LibraryWallet {
  return {
    metadata: { name: 'Pera', icon: '' },
    canSignData: false,
    isConnected: false,
    activeAddress: null,
    connect: jest.fn(() => new Promise<never>(() => undefined)),
    disconnect: jest.fn(async () => undefined),
    signTransactions: jest.fn(),
    signData: jest.fn(),
  } as never;
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('watchConnect: the player can always give up a wallet app connect', () => {
  it.each([
    ['its × (a click from inside the shadow DOM)', (close: HTMLButtonElement) => close.click()],
    ['Escape', () => escape()],
  ])('closing the window with %s gives up and removes the window', async (_, closeIt) => {
    const close = peraWindow();
    const watch = watchConnect('pera', document);
    closeIt(close);
    await expect(watch.givenUp).rejects.toThrow(CONNECT_WINDOW_CLOSED);
    expect(windowShown()).toBe(false);
  });

  it('gives up after CONNECT_TIMEOUT_MS (2 minutes) without an answer, not before', async () => {
    jest.useFakeTimers();
    peraWindow();
    const watch = watchConnect('pera', document);
    let settled = false;
    watch.givenUp.catch(() => (settled = true));
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(windowShown()).toBe(true);
    await jest.advanceTimersByTimeAsync(1);
    await expect(watch.givenUp).rejects.toThrow(CONNECT_TIMED_OUT);
    expect(CONNECT_TIMED_OUT).toBe('No answer from the wallet app within 2 minutes');
    expect(windowShown()).toBe(false);
  });

  it('ignores Escape with no window open, other clicks, and anything once stopped', async () => {
    jest.useFakeTimers();
    const watch = watchConnect('pera', document);
    let settled = false;
    watch.givenUp.catch(() => (settled = true));
    escape(); // the window is not drawn yet
    document.body.appendChild(document.createElement('button')).click();
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    const close = peraWindow();
    watch.stop();
    close.click();
    escape();
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(settled).toBe(false);
    expect(windowShown()).toBe(true);
  });
});

describe('WalletConnector.connect with a window that never answers (issue 40, item 2)', () => {
  it.each([
    ['the × closes it', (close: HTMLButtonElement) => close.click()],
    ['Escape closes it', () => escape()],
  ])('rejects with the spec reason when %s', async (_, closeIt) => {
    const connector = new WalletConnector('pera', unansweredPera());
    const connecting = connector.connect();
    closeIt(peraWindow());
    await expect(connecting).rejects.toThrow(`Pera Wallet connection failed: ${CONNECT_WINDOW_CLOSED}`);
  });

  it('rejects after the timeout', async () => {
    jest.useFakeTimers();
    const connector = new WalletConnector('pera', unansweredPera());
    const connecting = connector.connect();
    const failed = expect(connecting).rejects.toThrow(`Pera Wallet connection failed: ${CONNECT_TIMED_OUT}`);
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    await failed;
  });
});
