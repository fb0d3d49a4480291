import type { ReactNode } from 'react';
import { accentClass, type Accent } from './accent';

export interface FeatureTileProps {
  /** Decorative icon (inline SVG). */
  icon: ReactNode;
  /** The big figure ("5", "1,000"). */
  stat: string;
  title: string;
  accent: Accent;
  children: ReactNode;
}

/** A glowing tile with an icon, a big figure, a title and one line of text. */
export function FeatureTile({ icon, stat, title, accent, children }: FeatureTileProps) {
  return (
    <article className={`cc-tile ${accentClass(accent)}`}>
      <div className="cc-tile__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="cc-tile__title">
        <span className="cc-tile__stat">{stat}</span> {title}
      </h2>
      <p className="cc-tile__text">{children}</p>
    </article>
  );
}
