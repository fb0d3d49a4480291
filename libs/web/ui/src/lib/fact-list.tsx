import type { ReactNode } from 'react';

/** One labelled fact. */
export interface Fact {
  label: string;
  value: ReactNode;
  /** Render the value in the monospace face (ids, addresses). */
  mono?: boolean;
}

/** Label/value pairs as a description list. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="cc-facts">
      {facts.map((f) => (
        <div key={f.label} className="cc-facts__row">
          <dt>{f.label}</dt>
          <dd className={f.mono ? 'cc-mono' : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
