/** A status word in the colour of its meaning (SECURE green … LOCKDOWN red). */
export function StatusPill({ status, size = 'md' }: { status: string; size?: 'md' | 'lg' }) {
  return (
    <span className={`cs-status cs-status--${status.toLowerCase().replace(/_/g, '-')} cs-status--${size}`}>
      <span className="cs-status__dot" aria-hidden="true" />
      {status.replace(/_/g, ' ')}
    </span>
  );
}

/** A finding's severity as a small coloured tag. */
export function SeverityTag({ severity }: { severity: string }) {
  return <span className={`cs-sev cs-sev--${severity}`}>{severity}</span>;
}
