/** A loading indicator with an accessible label. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <div className="cc-spinner" aria-hidden="true" />
      <span className="cc-sr-only">{label}</span>
    </div>
  );
}
