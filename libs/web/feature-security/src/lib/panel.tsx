import type { ReactNode } from 'react';
import { Card } from '@cosmic/web-ui';

export interface PanelProps {
  id: string;
  title: string;
  eyebrow?: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled dashboard panel (a themed card labelled by its heading). */
export function Panel({ id, title, eyebrow, actions, className = '', children }: PanelProps) {
  return (
    <Card className={`cs-panel ${className}`.trim()} role="region" aria-labelledby={id}>
      <header className="cs-panel__head">
        <div>
          {eyebrow && <p className="cs-panel__eyebrow">{eyebrow}</p>}
          <h2 id={id} className="cs-panel__title">
            {title}
          </h2>
        </div>
        {actions}
      </header>
      {children}
    </Card>
  );
}
