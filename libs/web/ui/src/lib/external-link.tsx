import type { AnchorHTMLAttributes } from 'react';

/** A link that opens another site in a new tab, safely (no window.opener) and says so to screen readers. */
export function ExternalLink({ children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <svg className="cc-external-icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="cc-sr-only"> (opens in a new tab)</span>
    </a>
  );
}
