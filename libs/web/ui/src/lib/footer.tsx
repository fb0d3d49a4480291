import { Link } from 'react-router-dom';
import { LogoMark } from './logo';
import { ResponsibleGamingWarning } from './responsible-gaming-warning';

const GAMES = [
  { id: 'slots', label: 'Slots' },
  { id: 'plinko', label: 'Plinko' },
  { id: 'blackjack', label: 'Blackjack' },
  { id: 'hilo', label: 'Hi-Lo' },
  { id: 'dice', label: 'Dice' },
] as const;

const SUPPORT = [
  { to: '/fairness', label: 'Provably fair' },
  { to: '/responsible-gaming', label: 'Responsible gaming' },
  { to: '/cashier', label: 'Cashier help' },
] as const;

/** Site footer: the five games, support links and the responsible-gaming warning. */
export function Footer() {
  return (
    <footer id="site-footer" className="cc-footer">
      <div className="cc-footer__grid">
        <section className="cc-footer__brand" aria-label="About Cosmic Casino">
          <Link to="/" className="cc-logo" aria-label="Cosmic Casino home">
            <LogoMark />
            <span className="cc-gradient-text">Cosmic Casino</span>
          </Link>
          <p>Five provably fair games with free House Coins and the AMINA token on Algorand.</p>
        </section>
        <nav aria-labelledby="footer-games">
          <h2 id="footer-games">Games</h2>
          <ul>
            {GAMES.map((g) => (
              <li key={g.id}>
                <Link to={`/game/${g.id}`}>{g.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            {SUPPORT.map((s) => (
              <li key={s.to}>
                <Link to={s.to}>{s.label}</Link>
              </li>
            ))}
            <li>
              <a href="/api/docs">API documentation</a>
            </li>
          </ul>
        </nav>
      </div>
      <ResponsibleGamingWarning className="cc-footer__warning" />
      <p className="cc-footer__legal">© Cosmic Casino · Open source · House Coins have no cash value.</p>
    </footer>
  );
}
