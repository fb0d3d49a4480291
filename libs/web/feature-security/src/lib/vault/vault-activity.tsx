import type { VaultActivity } from '@cosmic/contracts';
import { ago, words } from '../format';

/** A vault's recent gate events and findings, newest first. */
export function VaultActivityList({ items }: { items: VaultActivity[] }) {
  if (items.length === 0) return <p className="cs-calm">Nothing has happened here yet.</p>;
  return (
    <ol className="cs-activity">
      {items.map((a, i) => (
        <li key={`${a.at}-${i}`}>
          <time dateTime={a.at}>{ago(a.at)}</time>
          <strong>{words(a.event)}</strong>
          {a.ip && <code>{a.ip}</code>}
          <span>{a.detail}</span>
        </li>
      ))}
    </ol>
  );
}
