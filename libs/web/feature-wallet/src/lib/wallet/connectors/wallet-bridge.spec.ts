import WalletConnect from '@perawallet/walletconnect';
import { CONNECT_TIMEOUT_MS, CONNECT_WINDOW_CLOSED } from './connect-window';
import { closeBridge } from './wallet-bridge';
import { type LibraryWallet, WalletConnector } from './wallet-connector';

/** A bridge that never answers (CI is offline): every socket fails 50 ms after it is made. */
class UnreachableSocket {
  static made: UnreachableSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    UnreachableSocket.made.push(this);
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 3;
      this.onerror?.(new Event('error'));
      this.onclose?.();
    }, 50);
  }
  close() {
    this.readyState = 3;
  }
  send() {
    throw new Error('not open');
  }
}
const sockets = () => UnreachableSocket.made.length;

/**
 * use-wallet's PeraWallet as the casino holds it: its `client` (PeraWalletConnect) builds a
 * WalletConnect connector of the library on connect, opens the session on the bridge and waits for
 * the phone, which never answers.
 */
function peraOverBridge(): LibraryWallet & { client: { connector: WalletConnect | null } } {
  const client: { connector: WalletConnect | null } = { connector: null };
  return {
    metadata: { name: 'Pera', icon: '' },
    canSignData: false,
    isConnected: false,
    activeAddress: null,
    client,
    connect: jest.fn(() => {
      client.connector = new WalletConnect({
        bridge: 'https://bridge.walletconnect.test',
        qrcodeModal: { open: () => undefined, close: () => undefined },
      });
      void client.connector.createSession({ chainId: 4160 });
      return new Promise<never>(() => undefined);
    }),
    disconnect: jest.fn(async () => undefined),
    signTransactions: jest.fn(),
    signData: jest.fn(),
  } as never;
}

/** Pera's connect window (the wrapper @perawallet/connect appends to <body>), closed with Escape. */
function closeWindow() {
  const wrapper = document.createElement('div');
  wrapper.id = 'pera-wallet-connect-modal-wrapper';
  document.body.appendChild(wrapper);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
}

const realWebSocket = globalThis.WebSocket;
beforeEach(() => {
  jest.useFakeTimers();
  UnreachableSocket.made = [];
  globalThis.WebSocket = UnreachableSocket as never;
});
afterEach(() => {
  globalThis.WebSocket = realWebSocket;
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('a given-up connect leaves no bridge socket retrying (issue 40, item 2)', () => {
  it("the library's transport retries an unreachable bridge every second for as long as nobody closes it", async () => {
    const pera = peraOverBridge();
    const connecting = new WalletConnector('pera', pera).connect();
    const failed = expect(connecting).rejects.toThrow(CONNECT_WINDOW_CLOSED);
    await jest.advanceTimersByTimeAsync(1_000);
    const first = sockets();
    expect(first).toBeGreaterThan(0);
    expect(UnreachableSocket.made[0].url).toMatch(/^wss:\/\/bridge\.walletconnect\.test\?/);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(sockets()).toBeGreaterThanOrEqual(first + 9);
    closeWindow();
    await failed;
  });

  it.each([
    ['the window closed with Escape', closeWindow, CONNECT_WINDOW_CLOSED],
    ['the 2-minute timeout', () => undefined, 'No answer from the wallet app within 2 minutes'],
  ])('after %s: no websocket attempt is made any more', async (_, giveUp, reason) => {
    const pera = peraOverBridge();
    const connecting = new WalletConnector('pera', pera).connect();
    const failed = expect(connecting).rejects.toThrow(`Pera Wallet connection failed: ${reason}`);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(sockets()).toBeGreaterThan(1); // retrying while the window is open
    giveUp();
    await jest.advanceTimersByTimeAsync(reason === CONNECT_WINDOW_CLOSED ? 0 : CONNECT_TIMEOUT_MS);
    await failed;
    const atCancel = sockets();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sockets()).toBe(atCancel);
    expect(UnreachableSocket.made.every((s) => s.readyState === 3)).toBe(true);
    // what would re-open it (the network coming back, a queued message) opens nothing either
    window.dispatchEvent(new Event('online'));
    pera.client.connector?.transportClose();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(sockets()).toBe(atCancel);
  });
});

describe('closeBridge', () => {
  it('closes an open bridge socket and the one being opened, and says it found a bridge', () => {
    const open = { readyState: 1, close: jest.fn(), onclose: jest.fn() };
    const next = { readyState: 0, close: jest.fn(), onclose: jest.fn() };
    const create = jest.fn();
    const transport = { _socket: open, _nextSocket: next, _socketCreate: create };
    expect(closeBridge({ client: { connector: { _transport: transport } } })).toBe(true);
    expect(open.close).toHaveBeenCalledTimes(1);
    expect(next.close).toHaveBeenCalledTimes(1);
    expect(open.onclose).toBeNull();
    expect(transport).toMatchObject({ _socket: null, _nextSocket: null });
    transport._socketCreate(); // its retry timer, already set, fires
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ['a wallet without a client (Lute, the devnet wallet)', {}],
    ['a client without a connector yet', { client: { connector: null } }],
    ['nothing', null],
  ])('finds no bridge in %s', (_, wallet) => expect(closeBridge(wallet)).toBe(false));
});
