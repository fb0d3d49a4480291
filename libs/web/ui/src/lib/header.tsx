import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';

export interface HeaderProps {
  /** Rendered at the right end (the wallet widget). */
  actions?: ReactNode;
}

/** Site header: logo home, the main sections and the Cashier button. */
export function Header({ actions }: HeaderProps) {
  return (
    <header className="cc-header">
      <Link to="/" className="cc-logo" aria-label="Cosmic Casino home">
        <span className="cc-logo__mark" aria-hidden="true">🪐</span>
        <span className="cc-gradient-text">Cosmic Casino</span>
      </Link>
      <nav className="cc-header__nav" aria-label="Main">
        <NavLink to="/casino" className="cc-header__link">Games</NavLink>
        <NavLink to="/poker" className="cc-header__link">Poker</NavLink>
        <Link to="/cashier" className="cc-button cc-button--primary">Cashier</Link>
        {actions}
      </nav>
    </header>
  );
}
