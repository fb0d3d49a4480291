import { api } from './api';

/** A devnet demo wallet from GET /api/dev/wallets (exists only while the API runs on the devnet). */
export interface DevWallet {
  address: string;
  mnemonic: string;
  label: string;
  optedIn?: boolean;
}

const devWalletsApi = api.injectEndpoints({
  endpoints: (b) => ({
    devWallets: b.query<DevWallet[], void>({ query: () => 'dev/wallets' }),
  }),
});

/** The dev wallet endpoints (for the signer, which looks a mnemonic up by address). */
export const devWalletsEndpoints = devWalletsApi.endpoints;
/** Query: GET /api/dev/wallets → the devnet's demo wallets; an error (404) means "not on the devnet". */
export const useDevWalletsQuery = devWalletsApi.useDevWalletsQuery;
