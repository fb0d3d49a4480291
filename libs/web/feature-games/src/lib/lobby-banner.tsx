import { DailyAllowance } from './daily-allowance';
import { GAME_IDS, HC_BET_FIGURES } from './games';

// the five house games (poker, multiplayer, is a table of its own below them); the bet range as the
// game cards below write it (the spec's "1 - 1000 HC")
const STATS = [
  { value: String(GAME_IDS.length), label: 'games' },
  { value: HC_BET_FIGURES, label: 'HC per bet' },
  { value: '100%', label: 'provably fair' },
] as const;

/** The lobby's welcome banner. */
export function LobbyBanner() {
  return (
    <section className="cc-lobby-banner" aria-label="Welcome">
      <div className="cc-lobby-banner__copy">
        <p className="cc-eyebrow">Welcome aboard</p>
        <p className="cc-lobby-banner__title">Welcome to Cosmic Casino, explorer</p>
        <p className="cc-lobby-banner__text">
          Every game plays with free House Coins. Connect an Algorand wallet to play with AMINA, and check any result
          with its seeds.
        </p>
        <DailyAllowance />
      </div>
      <ul className="cc-lobby-banner__stats">
        {STATS.map((s) => (
          <li key={s.label}>
            <strong>{s.value}</strong> <span>{s.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
