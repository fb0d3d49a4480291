import type { ReactNode } from 'react';

export interface BadgeProps {
  tone?: 'violet' | 'gold' | 'cyan';
  children: ReactNode;
}

/** A small uppercase pill ("Coming Soon", "Live"). */
export function Badge({ tone = 'violet', children }: BadgeProps) {
  return <span className={tone === 'violet' ? 'cc-badge' : `cc-badge cc-badge--${tone}`}>{children}</span>;
}
