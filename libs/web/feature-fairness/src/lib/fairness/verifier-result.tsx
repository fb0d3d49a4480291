import { Badge } from '@cosmic/web-ui';
import { OutcomeSummary } from './outcome-summary';
import type { Verification } from './verification';
import type { VerifierGame } from './verify-link';

/** The verdict: the commitment check, then the recomputed outcome (or why it cannot be computed). */
export function VerifierResult({ game, verification }: { game: VerifierGame; verification: Verification }) {
  const { result, error, computedHash, hashMatches } = verification;
  if (!computedHash) return <p className="cc-fair__empty">Enter a revealed server seed to recompute a bet.</p>;
  return (
    <div className="cc-fair__result" aria-live="polite">
      <div className="cc-fair__hash">
        <span className="cc-fair__label">SHA-256 of the server seed</span>
        <code className="cc-mono" data-testid="computed-hash">
          {computedHash}
        </code>
        {hashMatches === true && <Badge tone="cyan">Matches the committed hash</Badge>}
        {hashMatches === false && (
          <p className="cc-fair__bad" role="alert">
            Does not match the hash you pasted
          </p>
        )}
      </div>
      {error && (
        <p className="cc-fair__bad" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="cc-fair__outcome" data-testid="verified-outcome">
          <OutcomeSummary game={game} outcome={result.outcome} />
          <p className="cc-fair__multiplier">
            {result.multiplierValue === null ? (
              'Round still in play'
            ) : (
              <>
                Pays <strong>×{round(result.multiplierValue)}</strong> the stake
              </>
            )}
          </p>
          <details>
            <summary>Full outcome (JSON)</summary>
            <pre className="cc-fair__json" tabIndex={0} aria-label="The recomputed outcome">
              {JSON.stringify(result.outcome, null, 2)}
            </pre>
          </details>
        </div>
      )}
    </div>
  );
}

const round = (x: number) => Number(x.toFixed(6)).toString();
