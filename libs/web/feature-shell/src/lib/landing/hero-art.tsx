/** The landing illustration: a ringed planet, an orbiting moon and a few stars (decorative). */
export function HeroArt() {
  return (
    <div className="cc-hero__art" aria-hidden="true">
      <svg viewBox="0 0 400 400" focusable="false">
        <defs>
          <radialGradient id="hero-glow" r="50%">
            <stop offset="0" stopColor="#8b5cf6" stopOpacity="0.55" />
            <stop offset="1" stopColor="#8b5cf6" stopOpacity="0" />
          </radialGradient>
          <radialGradient id="hero-planet" cx="35%" cy="30%" r="80%">
            <stop offset="0" stopColor="#fbcfe8" />
            <stop offset="0.35" stopColor="#c084fc" />
            <stop offset="0.75" stopColor="#5b21b6" />
            <stop offset="1" stopColor="#1e1b4f" />
          </radialGradient>
          <linearGradient id="hero-ring" x1="0" x2="1">
            <stop offset="0" stopColor="#22d3ee" stopOpacity="0.2" />
            <stop offset="0.5" stopColor="#67e8f9" />
            <stop offset="1" stopColor="#f472b6" stopOpacity="0.3" />
          </linearGradient>
          <clipPath id="hero-band">
            <circle cx="200" cy="200" r="92" />
          </clipPath>
        </defs>
        <circle cx="200" cy="200" r="190" fill="url(#hero-glow)" />
        <g className="cc-hero__planet">
          <path
            d="M62 214a140 38 -14 0 1 272 -70"
            fill="none"
            stroke="url(#hero-ring)"
            strokeWidth="10"
            strokeLinecap="round"
            opacity="0.55"
          />
          <circle cx="200" cy="200" r="92" fill="url(#hero-planet)" />
          <g clipPath="url(#hero-band)" opacity="0.35" fill="none" stroke="#fdf4ff" strokeWidth="6">
            <path d="M100 170c60 20 140 -10 210 6" />
            <path d="M96 218c70 16 150 -12 214 2" strokeWidth="3" />
          </g>
          <path
            d="M334 144a140 38 -14 0 1 -272 70"
            fill="none"
            stroke="url(#hero-ring)"
            strokeWidth="10"
            strokeLinecap="round"
          />
        </g>
        <g className="cc-hero__orbit">
          <circle cx="200" cy="40" r="13" fill="#a5f3fc" />
          <circle cx="196" cy="36" r="4" fill="#ecfeff" opacity="0.8" />
        </g>
        <g fill="#fff">
          <circle cx="60" cy="70" r="2" />
          <circle cx="340" cy="60" r="1.5" />
          <circle cx="360" cy="300" r="2.2" />
          <circle cx="40" cy="320" r="1.4" />
          <circle cx="300" cy="370" r="1.6" />
          <circle cx="120" cy="360" r="1.2" />
        </g>
      </svg>
    </div>
  );
}
