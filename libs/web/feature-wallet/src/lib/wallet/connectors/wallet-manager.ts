// use-wallet's WalletManager and the wallets the casino offers. This module is the root of the
// lazily loaded "wallet-connect" chunk (use-wallet and algosdk); each wallet's own package (Pera,
// Defly, Lute) is loaded by use-wallet on that wallet's first connect.
import {
  DEFAULT_NETWORK_CONFIG,
  LogLevel,
  type NetworkConfig,
  type SupportedWallet,
  WalletId,
  WalletManager,
} from '@txnlab/use-wallet';
import { type LibraryWallet, WalletConnector } from './wallet-connector';
import type { AppKind } from './wallet-texts';

/** What the manager is built from. */
export interface WalletAppsConfig {
  /** GET /api/crypto/house-info `network`: 'Algorand' on mainnet, else 'Algorand <network>'. */
  network: string;
  /** The devnet's demo accounts are offered (GET /api/dev/wallets answered with some). */
  demoAccounts: boolean;
  /** The page's origin: the algod base of a network use-wallet does not know (signing needs no algod). */
  origin: string;
  /** house-info's genesis id and hash: a wallet app such as Lute needs them for a network it does not know. */
  genesis?: { id?: string; hash?: string };
}

/** The wallet apps, connected through use-wallet. */
export interface WalletApps {
  /** The network use-wallet runs on ('mainnet', 'testnet', or the devnet's name). */
  readonly networkId: string;
  /** Pera, Defly, Lute, in the chooser's order, then the devnet's Mnemonic wallet when offered. */
  readonly connectors: readonly WalletConnector[];
  get(kind: AppKind): WalletConnector | null;
  /** Devnet only: the demo account the Mnemonic wallet's `promptForMnemonic` answers with on the next connect. */
  chooseDemoAccount(mnemonic: string): Promise<void>;
  /** Resumes the wallet sessions use-wallet kept (reload); the active wallet, if one came back. */
  resume(): Promise<WalletConnector | null>;
}

const KIND: Partial<Record<WalletId, AppKind>> = {
  [WalletId.PERA]: 'pera',
  [WalletId.DEFLY]: 'defly',
  [WalletId.LUTE]: 'lute',
  [WalletId.MNEMONIC]: 'dev',
};
// Pera / Defly chain ids: MainNet, TestNet, BetaNet; 4160 = any network.
const CHAIN_ID: Record<string, 416001 | 416002 | 416003> = { mainnet: 416001, testnet: 416002, betanet: 416003 };

/** use-wallet's network for house-info's name: its own config for public networks, else a test network at the page's origin. */
export function networkFor(
  network: string,
  origin: string,
  genesis: WalletAppsConfig['genesis'] = {},
): { id: string; config: NetworkConfig; mainnet: boolean } {
  const id =
    network
      .replace(/^algorand\b/i, '')
      .trim()
      .toLowerCase() || 'mainnet';
  const known = DEFAULT_NETWORK_CONFIG[id];
  if (known) return { id, config: known, mainnet: id === 'mainnet' };
  return {
    id,
    config: {
      algod: { baseServer: origin, token: '' },
      isTestnet: true,
      genesisId: genesis.id,
      genesisHash: genesis.hash,
    },
    mainnet: false,
  };
}

/** Builds the manager: Pera, Defly, Lute, and (never on mainnet) the Mnemonic wallet for the devnet's demo accounts. */
export function createWalletApps(config: WalletAppsConfig): WalletApps {
  const net = networkFor(config.network, config.origin, config.genesis);
  const chainId = CHAIN_ID[net.id] ?? 4160;
  let demoMnemonic: string | null = null;
  const wallets: SupportedWallet[] = [
    { id: WalletId.PERA, options: { chainId } },
    { id: WalletId.DEFLY, options: { chainId } },
    { id: WalletId.LUTE, options: { siteName: 'Cosmic Casino' } },
  ];
  if (config.demoAccounts && !net.mainnet) {
    wallets.push({
      id: WalletId.MNEMONIC,
      // The demo keys are public test keys served by the devnet itself; keeping the chosen one in
      // localStorage lets use-wallet resume the session on reload. use-wallet refuses it on mainnet.
      options: {
        persistToStorage: true,
        promptForMnemonic: async () => {
          const mnemonic = demoMnemonic;
          demoMnemonic = null;
          return mnemonic;
        },
      },
    });
  }
  const manager = new WalletManager({
    wallets,
    networks: { [net.id]: net.config },
    defaultNetwork: net.id,
    options: { resetNetwork: true, logLevel: LogLevel.WARN },
  });

  const connectors = manager.wallets.flatMap((w) => {
    const kind = KIND[w.id];
    return kind ? [new WalletConnector(kind, w as LibraryWallet)] : [];
  });
  const get = (kind: AppKind) => connectors.find((c) => c.kind === kind) ?? null;

  return {
    networkId: net.id,
    connectors,
    get,
    async chooseDemoAccount(mnemonic) {
      const demo = get('dev');
      if (!demo) throw new Error('The devnet demo wallets are not available on this network');
      // the Mnemonic wallet reuses a stored key before asking: forget the previous demo account first
      await demo.disconnect().catch(() => undefined);
      demoMnemonic = mnemonic;
    },
    async resume() {
      await manager.resumeSessions().catch(() => undefined); // a wallet that cannot resume is simply not connected
      const active = manager.activeWallet;
      const kind = active ? KIND[active.id] : undefined;
      const connector = kind ? get(kind) : null;
      return connector?.address ? connector : null;
    },
  };
}
