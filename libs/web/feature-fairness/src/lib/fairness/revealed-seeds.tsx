import { Link } from 'react-router-dom';
import type { RevealedSeedDto } from '@cosmic/contracts';
import { serverSeedHash } from '@cosmic/game-engine';
import { useSeedHistoryQuery } from '@cosmic/web-data-access';
import { Badge } from '@cosmic/web-ui';
import { verifyHref } from './verify-link';

function RevealedSeed({ seed }: { seed: RevealedSeedDto }) {
  const matches = serverSeedHash(seed.serverSeed) === seed.serverSeedHash;
  const lastNonce = Math.max(0, seed.nonce - 1);
  const href = verifyHref({
    serverSeed: seed.serverSeed,
    clientSeed: seed.clientSeed,
    nonce: String(lastNonce),
    hash: seed.serverSeedHash,
  });
  return (
    <li className="cc-fair__revealed-item" data-testid="revealed-seed">
      <dl>
        <dt>Server seed</dt>
        <dd className="cc-mono" data-testid="revealed-server-seed">
          {seed.serverSeed}
        </dd>
        <dt>Hash</dt>
        <dd className="cc-mono" data-testid="revealed-hash">
          {seed.serverSeedHash}
        </dd>
        <dt>Client seed</dt>
        <dd className="cc-mono">{seed.clientSeed}</dd>
        <dt>Final nonce</dt>
        <dd>
          {seed.nonce}{' '}
          <span>
            ({seed.nonce === 0 ? 'no bets' : seed.nonce === 1 ? '1 bet' : `${seed.nonce} bets`} with this seed)
          </span>
        </dd>
      </dl>
      <div className="cc-fair__revealed-foot">
        {matches ? <Badge tone="cyan">SHA-256 matches</Badge> : <Badge tone="gold">Hash mismatch</Badge>}
        <Link to={href} aria-label={`Verify bets of server seed ${seed.serverSeedHash.slice(0, 8)}`}>
          verify
        </Link>
      </div>
    </li>
  );
}

/** Revealed server seeds, newest first, each checked against its hash and linked to the verifier. */
export function RevealedSeeds({ address }: { address: string }) {
  const { data } = useSeedHistoryQuery(address);
  if (!data?.length) return null;
  return (
    <section aria-labelledby="pf-revealed">
      <h3 id="pf-revealed" className="cc-fair__subtitle">
        Revealed seeds
      </h3>
      <ol className="cc-fair__revealed">
        {data.map((s) => (
          <RevealedSeed key={s.serverSeedHash} seed={s} />
        ))}
      </ol>
    </section>
  );
}
