import { useState } from 'react';
import { type DevWallet, errorMessage, useToast, useWallet } from '@cosmic/web-data-access';
import { Badge, Dialog } from '@cosmic/web-ui';
import { shortAddress } from './format';
import './wallet-dialogs.css';

/** Devnet only: pick a demo account; it connects as a wallet that can sign (ownership proof). */
export default function DevWalletDialog({ wallets, onClose }: { wallets: DevWallet[]; onClose(): void }) {
  const wallet = useWallet();
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const pick = async (w: DevWallet) => {
    setBusy(w.address);
    try {
      await wallet.connect(w.address, 'dev');
      toast({ title: 'Dev Wallet Connected!', description: `${w.label} (${shortAddress(w.address)})`, variant: 'success' });
      onClose();
    } catch (e) {
      toast({ title: 'Connection Failed', description: errorMessage(e), variant: 'error' });
      setBusy(null);
    }
  };

  return (
    <Dialog title="Dev wallet" description="Demo accounts of the local Algorand devnet. Their keys sign in this browser: never use them on mainnet." onClose={onClose}>
      <ul className="cc-dev-wallets">
        {wallets.map((w) => (
          <li key={w.address}>
            <button type="button" className="cc-dev-wallets__item" disabled={busy !== null} onClick={() => void pick(w)}>
              <span className="cc-dev-wallets__label">{w.label}</span>
              <span className="cc-mono cc-dev-wallets__address">{shortAddress(w.address)}</span>
              {w.optedIn === false && <Badge tone="gold">No opt-in</Badge>}
              <span className="cc-dev-wallets__go" aria-hidden="true">{busy === w.address ? '…' : '→'}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
