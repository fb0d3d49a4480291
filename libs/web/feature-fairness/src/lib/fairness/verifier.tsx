import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Card } from '@cosmic/web-ui';
import { runVerification } from './verification';
import { VerifierFields } from './verifier-fields';
import { VerifierResult } from './verifier-result';
import { readVerifyInput, type VerifyInput } from './verify-link';

/** The verifier, prefilled from the deep link; a new link (a "verify" click) starts a fresh form. */
export function Verifier() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const key = params.toString();
  useEffect(() => {
    if (hash === '#verify') document.getElementById('verify')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, key]);
  return <VerifierForm key={key} initial={readVerifyInput(params)} />;
}

function VerifierForm({ initial }: { initial: VerifyInput }) {
  const [input, setInput] = useState(initial);
  const verification = useMemo(() => runVerification(input), [input]);
  return (
    <Card className="cc-fair__card" id="verify" aria-labelledby="verify-title">
      <h2 id="verify-title" className="cc-fair__title">
        Verify a bet
      </h2>
      <p className="cc-muted cc-fair__note">
        Recomputed here in your browser with the same engine the server settles with. Nothing is sent anywhere.
      </p>
      <p className="cc-muted cc-fair__note">
        The hash to match is the server seed hash shown while the pair was active, which was already shown as the next
        server seed (hashed) before you chose its client seed, so the seed cannot have been picked to suit it.
      </p>
      <VerifierFields input={input} onChange={(patch) => setInput((i) => ({ ...i, ...patch }))} />
      <VerifierResult game={input.game} verification={verification} />
    </Card>
  );
}
