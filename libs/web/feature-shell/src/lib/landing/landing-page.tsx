import { BuyAminaCard } from './buy-amina-card';
import { FeatureTiles } from './feature-tiles';
import { Hero } from './hero';
import './landing.css';

/** `/`: title, the three feature tiles, the Buy AMINA card and 'Enter the Cosmos'. */
export function LandingPage() {
  return (
    <div className="cc-landing">
      <Hero />
      <FeatureTiles />
      <BuyAminaCard />
    </div>
  );
}
