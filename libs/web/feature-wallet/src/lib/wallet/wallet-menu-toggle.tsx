export interface WalletMenuToggleProps {
  open: boolean;
  controls: string;
  /** The balance shown beside the icon on tablets. */
  label: string;
  onToggle(): void;
}

/** On narrow screens the wallet collapses into this button, which opens the wallet panel. */
export function WalletMenuToggle({ open, controls, label, onToggle }: WalletMenuToggleProps) {
  return (
    <button type="button" className="cc-wallet__toggle" aria-expanded={open} aria-controls={controls} aria-label={`Wallet, ${label}`} onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 7.5A2.5 2.5 0 0 1 5.5 5H18a1 1 0 0 1 1 1v2" />
        <path d="M3 7.5v10A2.5 2.5 0 0 0 5.5 20H20a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H5.5A2.5 2.5 0 0 1 3 7.5Z" />
        <circle cx="16.5" cy="14.5" r="1.2" fill="currentColor" stroke="none" />
      </svg>
      <span className="cc-wallet__toggle-text" aria-hidden="true">{label}</span>
    </button>
  );
}
