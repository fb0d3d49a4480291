import './styles/theme.css';
import './styles/components.css';

/** Pill button in the cosmic style. */
export { Button, type ButtonProps } from './lib/button';
/** Translucent content panel. */
export { Card } from './lib/card';
/** Site header with the Cashier button. */
export { Header, type HeaderProps } from './lib/header';
/** Site footer with game links and the responsible-gaming warning. */
export { Footer } from './lib/footer';
/** Page frame: header, main, footer. */
export { Layout, type LayoutProps } from './lib/layout';
/** Accessible loading spinner. */
export { Spinner } from './lib/spinner';
