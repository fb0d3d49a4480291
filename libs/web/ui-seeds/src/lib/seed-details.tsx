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

/**
 * The active pair: the server seed's hash (the commitment), the client seed, the nonce and the
 * status; with `showNext`, the hash of the next server seed, fixed before the player picks a new client seed.
 */
export function SeedDetails({ seeds, showNext = true }: { seeds: SeedPair; showNext?: boolean }) {
  return (
    <dl className="cc-fair__seed">
      <div className="cc-fair__seed-row cc-fair__wide">
        <dt>Server Seed Hash</dt>
        <dd className="cc-mono" data-testid="server-seed-hash">
          {seeds.serverSeedHash}
        </dd>
      </div>
      <div className="cc-fair__seed-row">
        <dt>Client Seed</dt>
        <dd className="cc-mono" data-testid="client-seed">
          {seeds.clientSeed}
        </dd>
      </div>
      <div className="cc-fair__seed-row">
        <dt>Nonce</dt>
        <dd data-testid="nonce">{seeds.nonce}</dd>
      </div>
      <div className="cc-fair__seed-row">
        <dt>Status</dt>
        <dd>{seeds.isActive ? <Badge tone="cyan">Active</Badge> : <Badge>Inactive</Badge>}</dd>
      </div>
      {showNext && seeds.nextServerSeedHash && (
        <div className="cc-fair__seed-row cc-fair__wide">
          <dt>Next server seed (hashed)</dt>
          <dd className="cc-mono" data-testid="next-server-seed-hash">
            {seeds.nextServerSeedHash}
          </dd>
        </div>
      )}
    </dl>
  );
}
