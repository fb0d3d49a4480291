import './seeds.css';
import { Badge } from '@cosmic/web-ui';

/** The active seed pair as the API sends it (GET /api/game-seeds/current). */
export interface SeedPair {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  isActive: boolean;
  nextServerSeedHash?: string;
}

/** Stand-in values of a pair's real lengths (a SHA-256 hash is 64 hex digits), for `SeedDetails`' `pending` state. */
export const PENDING_SEEDS: SeedPair = {
  serverSeedHash: '0'.repeat(64),
  clientSeed: '0'.repeat(16),
  nonce: 0,
  isActive: true,
  nextServerSeedHash: '0'.repeat(64),
};

/**
 * The active pair: the server seed's hash (the commitment), the client seed, the nonce and the
 * status; with `showNext`, the hash of the next server seed, fixed before the player picks a new client seed.
 * With `pending` (a text: why there is no pair yet), the same boxes at the same size with shimmering
 * stand-ins (`PENDING_SEEDS`) and that text as the status, so nothing moves when the pair arrives.
 */
export function SeedDetails({
  seeds = PENDING_SEEDS,
  showNext = true,
  pending,
}: ({ seeds: SeedPair; pending?: undefined } | { seeds?: undefined; pending: string }) & { showNext?: boolean }) {
  // stand-ins are hidden from assistive tech and carry no test id: nothing may read them as the pair;
  // a light sweeps across each (cc-sweep, libs/web/ui/src/styles/components.css)
  const value = (testId: string, className?: string) =>
    pending
      ? { 'aria-hidden': true, className: className ? `${className} cc-sweep` : 'cc-sweep' }
      : { 'data-testid': testId, className };
  return (
    <dl className={pending ? 'cc-fair__seed cc-fair__seed--pending' : 'cc-fair__seed'} aria-busy={Boolean(pending)}>
      <div className="cc-fair__seed-row cc-fair__wide">
        <dt>Server Seed Hash</dt>
        <dd {...value('server-seed-hash', 'cc-mono')}>{seeds.serverSeedHash}</dd>
      </div>
      <div className="cc-fair__seed-row">
        <dt>Client Seed</dt>
        <dd {...value('client-seed', 'cc-mono')}>{seeds.clientSeed}</dd>
      </div>
      <div className="cc-fair__seed-row">
        <dt>Nonce</dt>
        <dd {...value('nonce')}>{seeds.nonce}</dd>
      </div>
      <div className="cc-fair__seed-row">
        <dt>Status</dt>
        <dd>
          {pending ? (
            <span role="status">{pending}</span>
          ) : seeds.isActive ? (
            <Badge tone="cyan">Active</Badge>
          ) : (
            <Badge>Inactive</Badge>
          )}
        </dd>
      </div>
      {showNext && seeds.nextServerSeedHash && (
        <div className="cc-fair__seed-row cc-fair__wide">
          <dt>Next server seed (hashed)</dt>
          <dd {...value('next-server-seed-hash', 'cc-mono')}>{seeds.nextServerSeedHash}</dd>
        </div>
      )}
    </dl>
  );
}
