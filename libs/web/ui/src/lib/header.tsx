import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogoMark } from './logo';

export interface HeaderProps {
  /** The wallet widget: inline on a wide screen, inside the Menu on a narrow one. */
  actions?: ReactNode;
  /** The player's balance, always in sight beside the Menu button on a narrow screen (issue 29 item 9). */
  balance?: ReactNode;
}

const NAV = [
  { to: '/casino', label: 'Games' },
  { to: '/poker', label: 'Poker' },
  { to: '/fairness', label: 'Fairness' },
] as const;

/**
 * Site header: logo home, the main sections, the wallet and the Cashier button, on one line at
 * every width. Below 1100px the sections and the wallet's buttons fold into a labelled Menu
 * button, while the balance and the Cashier stay in sight. A link or button pressed in the menu,
 * a press outside it and Escape close it.
 */
export function Header({ actions, balance }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(root, menu, button, open, () => setOpen(false));
  return (
    <header className="cc-header" ref={root} data-menu-open={open || undefined}>
      <Link to="/" className="cc-logo" aria-label="Cosmic Casino home">
        <LogoMark />
        <span className="cc-logo__word cc-gradient-text">Cosmic Casino</span>
      </Link>
      {balance && <div className="cc-header__balance">{balance}</div>}
      <button
        ref={button}
        type="button"
        className="cc-header__menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon open={open} />
        <span className="cc-header__menu-text">Menu</span>
      </button>
      <div className="cc-header__menu" id={menuId} ref={menu}>
        <nav className="cc-header__nav" aria-label="Main">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className="cc-header__link">
              {n.label}
            </NavLink>
          ))}
        </nav>
        {actions && <div className="cc-header__actions">{actions}</div>}
      </div>
      <Link to="/cashier" className="cc-button cc-button--primary cc-button--sm cc-header__cashier">
        Cashier
      </Link>
    </header>
  );
}

/** Three bars, crossed while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/** Closes the open menu on a press outside the header, on Escape (focus back on the button) and after a link or button in it was used. */
function useDismiss(
  root: RefObject<HTMLElement | null>,
  menu: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
  active: boolean,
  close: () => void,
) {
  useEffect(() => {
    if (!active) return;
    const onPointer = (e: PointerEvent) => root.current?.contains(e.target as Node) || close();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onUse = (e: MouseEvent) => (e.target as Element | null)?.closest('a, button') && close();
    const panel = menu.current;
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    panel?.addEventListener('click', onUse);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      panel?.removeEventListener('click', onUse);
    };
  }, [root, menu, button, active, close]);
}
