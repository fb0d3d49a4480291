/** Two amounts compared on one bar: what the house holds against what it owes. */
export function SplitBar({ held, owed, label }: { held: number; owed: number; label: string }) {
  const top = Math.max(held, owed, 1e-9);
  const covered = owed <= held;
  return (
    <svg className="cs-split" viewBox="0 0 100 16" preserveAspectRatio="none" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="0" y="0" width="100" height="16" rx="3" className="cs-split__track" />
      <rect x="0" y="0" width={(held / top) * 100} height="7" rx="2" className="cs-tone--emerald" fill="currentColor" />
      <rect
        x="0"
        y="9"
        width={(owed / top) * 100}
        height="7"
        rx="2"
        className={covered ? 'cs-tone--gold' : 'cs-tone--danger'}
        fill="currentColor"
      />
    </svg>
  );
}
