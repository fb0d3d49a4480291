import { useState } from 'react';
import { errorMessage, signWithMnemonic, useDevWalletsQuery, useToast, useWallet } from '@cosmic/web-data-access';
import { peraConnector } from './pera-connector';

/** The widget's flows: Pera connect (falls back to the manual dialog), dev-wallet verify, disconnect. */
export function useWalletFlows(openManual: () => void) {
  const wallet = useWallet();
  const { toast } = useToast();
  const devWallets = useDevWalletsQuery();
  const [verifying, setVerifying] = useState(false);

  const connectPera = async () => {
    try {
      const [address] = await peraConnector.connect();
      if (!address) throw new Error('No accounts returned from Pera Wallet');
      await wallet.connect(address, 'pera');
      toast({ title: 'Pera Wallet Connected!', variant: 'success' });
    } catch (e) {
      toast({ title: 'Pera Connection Failed', description: `${errorMessage(e)} - Try manual entry instead.`, variant: 'error' });
      openManual();
    }
  };

  const verifyDev = async () => {
    const account = devWallets.data?.find((w) => w.address === wallet.address);
    if (!account) return toast({ title: 'Verification failed', description: 'This address is not one of the devnet demo wallets', variant: 'error' });
    setVerifying(true);
    try {
      await wallet.verify(async (c) => ({ signedTxnB64: await signWithMnemonic(c.txnB64, account.mnemonic) }));
      toast({ title: 'Ownership verified', description: 'You can now play with AMINA and withdraw.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Verification failed', description: errorMessage(e), variant: 'error' });
    } finally {
      setVerifying(false);
    }
  };

  const disconnect = () => wallet.disconnect().catch((e: unknown) => toast({ title: 'Connection Failed', description: errorMessage(e), variant: 'error' }));

  return { wallet, devWallets: devWallets.isSuccess ? devWallets.data : null, connectPera, verifyDev, verifying, disconnect };
}
