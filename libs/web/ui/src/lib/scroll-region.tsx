import type { ReactNode } from 'react';

export interface ScrollRegionProps {
  /** What the region holds, read out when it takes focus ("Daily loss limits"). */
  label: string;
  /** Class names: `cc-table-wrap` when omitted. */
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A box that may scroll sideways (a wide table on a phone, a long strip). Keyboard users must be
 * able to reach it to scroll it (axe's scrollable-region-focusable, WCAG 2.1.1), so it is always a
 * named region in the tab order, whether or not its content overflows on this screen.
 */
export function ScrollRegion({ label, className = 'cc-table-wrap', children, ...rest }: ScrollRegionProps) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0} {...rest}>
      {children}
    </div>
  );
}
