/** A padlock with an orbit, for the lock screens. */
export function LockIcon({ small = false }: { small?: boolean }) {
  const size = small ? 40 : 72;
  return (
    <svg className="cs-lock-icon" width={size} height={size} viewBox="0 0 72 72" aria-hidden="true">
      <ellipse
        cx="36"
        cy="40"
        rx="33"
        ry="11"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.35"
        strokeWidth="1.5"
        transform="rotate(-18 36 40)"
      />
      <path d="M24 32v-7a12 12 0 0 1 24 0v7" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <rect
        x="18"
        y="31"
        width="36"
        height="27"
        rx="7"
        fill="rgba(30,27,79,0.9)"
        stroke="currentColor"
        strokeWidth="2.5"
      />
      <circle cx="36" cy="43" r="4" fill="currentColor" />
      <path d="M36 46v6" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="63" cy="29" r="2.5" fill="#f9a8d4" />
    </svg>
  );
}
