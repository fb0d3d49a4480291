import type { HTMLAttributes } from 'react';

/** A translucent panel with the theme's border and shadow. */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`cc-card ${className}`.trim()} {...rest} />;
}
