import { Card } from '@cosmic/web-ui';
import './info.css';

const STEPS = [
  { title: 'Server seed, hashed', text: 'Before you bet, the casino commits to a secret random server seed by showing you its SHA-256 hash. It cannot change the seed afterwards without the hash giving it away.' },
  { title: 'Your client seed', text: 'You choose the client seed (or keep the random one). Because you pick it, the casino cannot have prepared results for it in advance.' },
  { title: 'Nonce', text: 'A counter that goes up by one with every bet, so each bet on the same seed pair gets fresh, different randomness.' },
  { title: 'HMAC-SHA256', text: 'Each result is computed from HMAC-SHA256 keyed with the server seed over "client seed:nonce:round". Its bytes become numbers in [0, 1) that decide dice, cards, plinko paths and slot symbols.' },
] as const;

/** `/fairness`: how provably fair results are made and checked. */
export function FairnessPage() {
  return (
    <article className="cc-info" aria-labelledby="fair-title">
      <p className="cc-eyebrow">Trust, but verify</p>
      <h1 id="fair-title" className="cc-page-title">Provably Fair</h1>
      <p className="cc-lead">Every outcome at Cosmic Casino is decided by numbers you can recompute yourself, so neither side can cheat.</p>
      <ol className="cc-steps">
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <Card className="cc-step">
              <span className="cc-step__n" aria-hidden="true">{i + 1}</span>
              <h2>{s.title}</h2>
              <p>{s.text}</p>
            </Card>
          </li>
        ))}
      </ol>
      <section className="cc-info__section" aria-labelledby="formula-title">
        <h2 id="formula-title">The formula</h2>
        <pre className="cc-formula"><code>{'bytes = HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`)\nfloat = b0/256 + b1/256² + b2/256³ + b3/256⁴'}</code></pre>
        <p>When you rotate your seeds, the old server seed is revealed: hash it, check it matches the hash you were shown, and recompute every bet you made with it.</p>
        <p className="cc-info__fine">An in-browser verifier is on its way. Until then, any HMAC-SHA256 tool reproduces the numbers.</p>
      </section>
    </article>
  );
}
