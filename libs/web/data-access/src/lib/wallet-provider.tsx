import { createContext, type ReactNode, useContext, useDeferredValue } from 'react';
import { Provider } from 'react-redux';
import type { AppStore, RootState } from './store';
import { useStoreWallet } from './use-wallet';

/** The wallet as the screens read it: session state, balances and actions (use-wallet.ts). */
export type Wallet = ReturnType<typeof useStoreWallet>;

const WalletContext = createContext<Wallet | null>(null);

/**
 * Gives every screen below it the wallet, from one subscription to the store and one to the
 * player's record (polled every 10 s) for the whole page. The screens see a change one render
 * after the store (useDeferredValue): react-redux renders a store's subscribers at once and
 * without a pause, so a session or a balance that arrives while the page starts would re-render
 * every game board, bet panel and header reading it in one long task. Here the store's change
 * re-renders this provider alone, and the screens follow in a render React splits into short
 * tasks and interrupts for the player's input.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const wallet = useDeferredValue(useStoreWallet());
  return <WalletContext.Provider value={wallet}>{children}</WalletContext.Provider>;
}

/**
 * The wallet (use-wallet.ts's useStoreWallet), as WalletProvider gives it: its session state,
 * balances (polled every 10 s; a win still being animated is left out until its game reveals it)
 * and the connect / disconnect / verify / request-sign-in actions.
 */
export function useWallet(): Wallet {
  const wallet = useContext(WalletContext);
  if (!wallet) throw new Error('useWallet is called outside a WalletProvider: render the tree in a StoreProvider');
  return wallet;
}

/**
 * The store and the wallet for a tree: react-redux's Provider (with the prerendered page's state
 * while it hydrates, `serverState`) and WalletProvider inside it.
 */
export function StoreProvider({
  store,
  serverState,
  children,
}: {
  store: AppStore;
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <Provider store={store} serverState={serverState}>
      <WalletProvider>{children}</WalletProvider>
    </Provider>
  );
}
