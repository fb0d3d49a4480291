import { PageTitle } from '@cosmic/web-ui';
import { BuyAminaCard } from './buy-amina-card';
import { FeatureTiles } from './feature-tiles';
import { Hero } from './hero';
import './landing.css';

/** `/`: title, the three feature tiles, the Buy AMINA card and 'Enter the Cosmos'. */
export function LandingPage() {
  return (
    <div className="cc-landing">
      <PageTitle full="Cosmic Casino — Provably Fair Games on Algorand" />
      <Hero />
      <FeatureTiles />
      <BuyAminaCard />
      {/* a second, hidden duplicate of this panel, kept (README.md, "Departures from the specification"): hidden from sight and from assistive technology */}
      <div hidden data-testid="buy-amina-duplicate">
        <BuyAminaCard />
      </div>
    </div>
  );
}
