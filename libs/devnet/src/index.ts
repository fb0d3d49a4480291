export { startDevnet, DEFAULT_TOKEN } from './lib/devnet';
export type { Devnet, DevnetInfo, DevnetOptions, DevnetWallet } from './lib/devnet';
export type { DevnetFaults } from './lib/faults';
export { AMINA, DEFAULT_SEED, DEVNET_GENESIS_ID, PLAYER_ALGO, PLAYER_AMINA } from './lib/genesis';
export { STATE_FILE } from './lib/store';
export { TxnRejectedError } from './lib/rejection';
export { Ledger } from './lib/ledger';
/** The human-readable start banner: URLs, asset, house and demo wallets with their mnemonics. */
export { formatBanner } from './lib/banner';
