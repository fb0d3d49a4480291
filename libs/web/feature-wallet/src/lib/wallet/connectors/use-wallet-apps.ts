import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { type AppDispatch, devWalletsEndpoints, errorMessage, houseInfoEndpoints } from '@cosmic/web-data-access';
import { loadWalletApps } from './load-wallet-apps';
import type { WalletApps } from './wallet-manager';

/**
 * Returns a loader of the wallet apps for this casino's network (house-info), with the devnet's demo
 * accounts when GET /api/dev/wallets answers. The first call fetches the use-wallet chunk.
 */
export function useLoadWalletApps(): () => Promise<WalletApps> {
  const dispatch = useDispatch<AppDispatch>();
  return useCallback(async () => {
    const [house, demo] = await Promise.all([
      dispatch(houseInfoEndpoints.houseInfo.initiate(undefined, { subscribe: false })).unwrap(),
      dispatch(devWalletsEndpoints.devWallets.initiate(undefined, { subscribe: false }))
        .unwrap()
        .catch(() => []), // 404 off the devnet
    ]).catch((e: unknown) => Promise.reject(new Error(`Could not read the casino's network (${errorMessage(e)})`)));
    return loadWalletApps({
      network: house.network,
      demoAccounts: demo.length > 0,
      origin: window.location.origin,
      genesis: { id: house.genesisId, hash: house.genesisHash },
    });
  }, [dispatch]);
}
