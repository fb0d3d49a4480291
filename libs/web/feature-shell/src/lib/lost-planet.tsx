/** A small drifting planet with a question mark, for pages that are not there (decorative). */
export function LostPlanet() {
  return (
    <svg className="cc-lost__art" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="lost-p" cx="35%" cy="30%" r="80%">
          <stop offset="0" stopColor="#a5f3fc" />
          <stop offset="0.6" stopColor="#6366f1" />
          <stop offset="1" stopColor="#1e1b4f" />
        </radialGradient>
      </defs>
      <ellipse cx="80" cy="64" rx="70" ry="14" fill="none" stroke="#c4b5fd" strokeOpacity="0.5" strokeWidth="3" />
      <circle cx="80" cy="60" r="38" fill="url(#lost-p)" />
      <path d="M10 64a70 14 0 0 0 140 0" fill="none" stroke="#c4b5fd" strokeWidth="3" />
      <text
        x="80"
        y="74"
        textAnchor="middle"
        fontSize="40"
        fontWeight="800"
        fill="#f4f2ff"
        fontFamily="system-ui, sans-serif"
      >
        ?
      </text>
      <circle cx="20" cy="18" r="2" fill="#fff" />
      <circle cx="142" cy="26" r="1.5" fill="#fff" />
      <circle cx="130" cy="108" r="1.5" fill="#fff" />
    </svg>
  );
}
