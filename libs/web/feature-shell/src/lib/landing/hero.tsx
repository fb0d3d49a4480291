import { Link } from 'react-router-dom';
import { buttonClass } from '@cosmic/web-ui';
import { EnterCosmosButton } from './enter-cosmos-button';
import { HeroArt } from './hero-art';

/** The landing hero: title, promise, 'Enter the Cosmos' and the planet. */
export function Hero() {
  return (
    <section className="cc-hero" aria-labelledby="landing-title">
      <div className="cc-hero__copy">
        <p className="cc-eyebrow">Provably fair · Powered by Algorand</p>
        <h1 id="landing-title" className="cc-hero__title">
          <span className="cc-gradient-text">Cosmic Casino</span>
        </h1>
        <p className="cc-lead">
          Spin, drop, deal and roll your way across the galaxy. Play free with unlimited House Coins, or bring AMINA,
          the limited-supply token on Algorand. Every result can be checked.
        </p>
        <div className="cc-hero__actions">
          <EnterCosmosButton />
          <Link to="/fairness" className={buttonClass({ variant: 'ghost', size: 'lg' })}>
            How fairness works
          </Link>
        </div>
      </div>
      <HeroArt />
    </section>
  );
}
