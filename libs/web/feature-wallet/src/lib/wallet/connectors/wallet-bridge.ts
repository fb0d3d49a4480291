/**
 * The socket transport of a WalletConnect v1 client (@perawallet/walletconnect under Pera,
 * @walletconnect/socket-transport under Defly): the bridge socket, and the next one it is opening.
 * When a socket closes the transport opens another a second later, for ever; its own `close()`
 * closes only a socket that opened, so with a bridge that never answers it keeps retrying.
 */
interface BridgeTransport {
  _socket: WebSocket | null;
  _nextSocket: WebSocket | null;
  _socketCreate(): void;
}

/** The library wallet's connect client as use-wallet holds it (PeraWallet / DeflyWallet `client`), with its WalletConnect connector. */
interface WithBridge {
  client?: { connector?: { _transport?: BridgeTransport } | null } | null;
}

/**
 * Closes the bridge a wallet app's library opened for a connect that was given up (its window
 * closed, the time ran out, or it failed), so no more websocket attempts are made: the transport
 * stops re-creating its socket and both its sockets are closed. The next connect builds a new
 * connector. Returns whether a bridge was found (wallets without one: Lute, the devnet's wallet).
 */
export function closeBridge(wallet: unknown): boolean {
  const transport = (wallet as WithBridge | null)?.client?.connector?._transport;
  if (!transport || typeof transport._socketCreate !== 'function') return false;
  // the retry timer, the network monitor's 'online' and a queued send all go through _socketCreate
  transport._socketCreate = () => undefined;
  for (const socket of [transport._socket, transport._nextSocket]) {
    if (!socket) continue;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    if (socket.readyState < 2) socket.close(); // CONNECTING or OPEN
  }
  transport._socket = transport._nextSocket = null;
  return true;
}
