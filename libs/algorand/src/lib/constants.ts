// Chain constants shared by API and web. Mainnet values are public facts about AMINA;
// the devnet has its own genesis and asset id, read from configuration at run time.

/** Decimal places of AMINA (1 AMINA = 10^8 base units). */
export const AMINA_DECIMALS = 8;

/** Unit name of the AMINA asset on chain. */
export const AMINA_UNIT_NAME = 'AMINA';

/** AMINA's asset id on Algorand mainnet. */
export const AMINA_MAINNET_ASSET_ID = 1107424865n;

/** Genesis id of Algorand mainnet. */
export const MAINNET_GENESIS_ID = 'mainnet-v1.0';

/** Genesis hash of Algorand mainnet (base64), so tools can tell mainnet from anything else. */
export const MAINNET_GENESIS_HASH = 'wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=';

/** WalletConnect / Pera chain id of Algorand mainnet. */
export const MAINNET_CHAIN_ID = 416001;

/** Largest value of an Algorand uint64 (asset totals and amounts never exceed it). */
export const MAX_UINT64 = (1n << 64n) - 1n;
