import { useId, useState, type ReactNode } from 'react';

export interface DisclosureCardProps {
  title: string;
  /** One line under the title, visible while collapsed. */
  summary?: ReactNode;
  /** Decorative icon. */
  icon?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A card whose body opens and closes from its header button (aria-expanded + region). */
export function DisclosureCard({ title, summary, icon, defaultOpen = false, children }: DisclosureCardProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className={`cc-card cc-disclosure${open ? ' cc-disclosure--open' : ''}`} aria-labelledby={`${id}t`}>
      <h2 className="cc-disclosure__heading">
        <button
          type="button"
          className="cc-disclosure__toggle"
          aria-expanded={open}
          aria-controls={`${id}b`}
          onClick={() => setOpen(!open)}
        >
          {icon && (
            <span className="cc-disclosure__icon" aria-hidden="true">
              {icon}
            </span>
          )}
          <span className="cc-disclosure__text">
            <span id={`${id}t`} className="cc-disclosure__title">
              {title}
            </span>
            {summary && <span className="cc-disclosure__summary">{summary}</span>}
          </span>
          <svg
            className="cc-disclosure__chevron"
            width="22"
            height="22"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="m6 9 6 6 6-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </h2>
      <div id={`${id}b`} className="cc-disclosure__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
