/** The responsible-gaming warning shown in the footer and on the responsible-gaming page. */
export function ResponsibleGamingWarning({ className = '' }: { className?: string }) {
  return (
    <p className={className} role="note">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 18v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>
        <strong>Play responsibly.</strong> Gambling can be addictive. Only play with what you can afford to lose; you
        must be 18+ to play with AMINA.
      </span>
    </p>
  );
}
