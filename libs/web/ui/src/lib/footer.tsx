import { Link } from 'react-router-dom';

const GAMES = [
  { id: 'slots', label: 'Slots' },
  { id: 'plinko', label: 'Plinko' },
  { id: 'blackjack', label: 'Blackjack' },
  { id: 'hilo', label: 'Hi-Lo' },
  { id: 'dice', label: 'Dice' },
] as const;

/** Site footer: the five games, support links and the responsible-gaming warning. */
export function Footer() {
  return (
    <footer className="cc-footer">
      <div className="cc-footer__grid">
        <section>
          <h2>Games</h2>
          <ul>
            {GAMES.map((g) => (
              <li key={g.id}><Link to={`/game/${g.id}`}>{g.label}</Link></li>
            ))}
          </ul>
        </section>
        <section>
          <h2>Support</h2>
          <ul>
            <li><Link to="/fairness">Provably fair</Link></li>
            <li><Link to="/responsible-gaming">Responsible gaming</Link></li>
            <li><a href="/api/docs">API documentation</a></li>
            <li><Link to="/cashier">Cashier help</Link></li>
          </ul>
        </section>
        <section>
          <h2>Cosmic Casino</h2>
          <p>Five provably fair games with free House Coins and the AMINA token on Algorand.</p>
        </section>
      </div>
      <p className="cc-footer__warning" role="note">
        <strong>Play responsibly.</strong> Gambling can be addictive. Only play with what you can afford to lose; you must be 18+ to play with AMINA.
      </p>
    </footer>
  );
}
