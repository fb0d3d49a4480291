import { useId } from 'react';

/** The Cosmic Casino mark: a ringed planet with a gold glow. Decorative (aria-hidden). */
export function LogoMark({ className = 'cc-logo__mark' }: { className?: string }) {
  const id = useId();
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}p`} cx="35%" cy="30%" r="75%">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.45" stopColor="#f472b6" />
          <stop offset="1" stopColor="#6d28d9" />
        </radialGradient>
        <linearGradient id={`${id}r`} x1="0" x2="1">
          <stop offset="0" stopColor="#67e8f9" />
          <stop offset="1" stopColor="#c4b5fd" />
        </linearGradient>
      </defs>
      <path
        d="M6 30c-3 5 1 8 10 6s22-9 27-16c3-5-1-8-7-6"
        fill="none"
        stroke={`url(#${id}r)`}
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.55"
      />
      <circle cx="24" cy="24" r="13" fill={`url(#${id}p)`} />
      <path
        d="M36 14c6-2 10 1 7 6-5 7-18 14-27 16S3 35 6 30"
        fill="none"
        stroke={`url(#${id}r)`}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="40" cy="8" r="1.6" fill="#fff" />
      <circle cx="9" cy="12" r="1" fill="#fff" opacity="0.8" />
    </svg>
  );
}
