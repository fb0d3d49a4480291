import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogoMark } from './logo';

export interface HeaderProps {
  /** Rendered at the right end, before the Cashier button (the wallet widget). */
  actions?: ReactNode;
}

const NAV = [
  { to: '/casino', label: 'Games' },
  { to: '/poker', label: 'Poker' },
  { to: '/fairness', label: 'Fairness' },
] as const;

/** Site header: logo home, the main sections and the Cashier button. */
export function Header({ actions }: HeaderProps) {
  return (
    <header className="cc-header">
      <Link to="/" className="cc-logo" aria-label="Cosmic Casino home">
        <LogoMark />
        <span className="cc-logo__word cc-gradient-text">Cosmic Casino</span>
      </Link>
      <nav className="cc-header__nav" aria-label="Main">
        {NAV.map((n) => (
          <NavLink key={n.to} to={n.to} className="cc-header__link">{n.label}</NavLink>
        ))}
      </nav>
      <div className="cc-header__actions">
        {actions}
        <Link to="/cashier" className="cc-button cc-button--primary cc-button--sm">Cashier</Link>
      </div>
    </header>
  );
}
