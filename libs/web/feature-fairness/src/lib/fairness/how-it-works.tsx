const STEPS = [
  {
    title: 'Server seed, hashed',
    text: 'Before you bet, the casino commits to a secret random server seed by showing its SHA-256 hash. It cannot change the seed without the hash giving it away.',
  },
  {
    title: 'Your client seed',
    text: 'You choose the client seed (or keep the random one), so the casino cannot have prepared results for it.',
  },
  {
    title: 'Next server seed, committed',
    text: 'The next server seed is fixed before you choose your client seed: its hash is shown as "Next server seed (hashed)". Changing either seed makes exactly that seed active and draws a new next one, so the casino cannot pick a server seed to suit your client seed. When that pair ends, check that the revealed seed hashes to the value you saw.',
  },
  {
    title: 'Nonce',
    text: 'A counter that goes up by one with every bet, so each bet on the same pair gets fresh randomness.',
  },
  {
    title: 'HMAC-SHA256',
    text: 'Each result comes from HMAC-SHA256 keyed with the server seed over "client seed:nonce:round"; its bytes become the numbers that decide dice, cards and plinko paths.',
  },
] as const;

/** The ingredients of a provably fair result (and the commitment to the next seed), and the exact formula. */
export function HowItWorks() {
  return (
    <section className="cc-fair__how" aria-labelledby="how-title">
      <h2 id="how-title" className="cc-fair__title">
        How it works
      </h2>
      <ol className="cc-fair__steps">
        {STEPS.map((s, i) => (
          <li key={s.title} className="cc-fair__step">
            <span className="cc-fair__step-n" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      {/* focusable: on a phone the formula scrolls sideways */}
      <pre className="cc-fair__formula" tabIndex={0} aria-label="The formula">
        <code>
          {
            'bytes = HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`)\nfloat = b0/256 + b1/256² + b2/256³ + b3/256⁴'
          }
        </code>
      </pre>
    </section>
  );
}
