import { Link } from 'react-router-dom';

/** `/`: the landing page. */
export function LandingPage() {
  return (
    <section aria-labelledby="landing-title">
      <h1 id="landing-title" className="cc-page-title cc-gradient-text">Cosmic Casino</h1>
      <p>Five provably fair games, House Coins for free and the AMINA token on Algorand.</p>
      <Link to="/warp" className="cc-button cc-button--primary">Enter the Cosmos</Link>
    </section>
  );
}
