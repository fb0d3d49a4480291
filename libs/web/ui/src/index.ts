// The global styles come with Layout (every page of the shell renders it): this index only
// re-exports, so a bundle keeps only the components it imports (tools/webpack/base.config.js).
/** Pill button in the cosmic style, and its class names for links that look like buttons. */
export { Button, buttonClass, type ButtonProps, type ButtonLook } from './lib/button';
/** Translucent content panel. */
export { Card } from './lib/card';
/** Site header with the main navigation and the Cashier button. */
export { Header, type HeaderProps } from './lib/header';
/** Site footer with game links, support links and the responsible-gaming warning. */
export { Footer } from './lib/footer';
/** A page's document title ("Nebula Dice — Cosmic Casino"), rendered as a hoisted <title>. */
export { PageTitle, pageTitle, SITE_NAME } from './lib/page-title';
/** Page frame: animated sky, header, main, footer. */
export { Layout, type LayoutProps } from './lib/layout';
/** React.lazy whose code can be fetched ahead, then rendered without suspending. */
export { lazyPage, preloadableLazy, type PreloadableComponent } from './lib/preloadable-lazy';
/** Accessible loading spinner. */
export { Spinner } from './lib/spinner';
/** The ringed-planet logo mark. */
export { LogoMark } from './lib/logo';
/** Animated star-and-nebula background. */
export { Sky } from './lib/sky';
/** Accent colours for glowing cards. */
export { accentClass, type Accent } from './lib/accent';
/** Uppercase pill badge. */
export { Badge, type BadgeProps } from './lib/badge';
/** Shimmering placeholder for loading text. */
export { Skeleton } from './lib/skeleton';
/** New-tab link with rel="noopener noreferrer" and a screen-reader hint. */
export { ExternalLink } from './lib/external-link';
/** Label/value description list. */
export { FactList, type Fact } from './lib/fact-list';
/** Lobby game tile (link or disabled "Coming Soon"). */
export { GameCard, type GameCardProps } from './lib/game-card';
/** Landing feature tile with icon and big figure. */
export { FeatureTile, type FeatureTileProps } from './lib/feature-tile';
/** A named, focusable box that scrolls sideways (wide tables on a phone). */
export { ScrollRegion, type ScrollRegionProps } from './lib/scroll-region';
/** Build time: which stylesheets a prerendered page or a remote's fragment needs (string work only). */
export { classesUsed, classSelectors, stylesFor, type Stylesheet } from './lib/page-styles';
/** Build time: a remote's published first screen with the styles it uses, and the pages a remote renders. */
export { pagesOf, registeredStylesheets, remoteFragment } from './lib/remote-fragment';
/** The event a remote dispatches once its screen is on the page with its code (held clicks replay then). */
export { PAGE_SHOWN_EVENT, SCREEN_SHOWN_EVENT, ScreenShown } from './lib/screen-shown';
/** Card that expands and collapses from its header button. */
export { DisclosureCard, type DisclosureCardProps } from './lib/disclosure-card';
/** Full-screen portal overlay with a status message. */
export { Overlay } from './lib/overlay';
/** The responsible-gaming warning text. */
export { ResponsibleGamingWarning } from './lib/responsible-gaming-warning';
/** The shared bet panel (currency toggle, amount, quick bets, Half, Double, Max), loaded on first render. */
export { BetPanel } from './lib/bet-panel/lazy-bet-panel';
/** The bet panel's props and its value (currency + amount in base units). */
export type { BetPanelProps, BetValue } from './lib/bet-panel/bet-panel';
/** Bet rules in bigint base units (the limits are libs/contracts' bet-limits.ts): ranges (HC in whole coins), clamping, half / double / max, currency conversion, what is wrong with a bet and how to say it. */
export {
  type BetCurrency,
  type BetContext,
  type BetRange,
  HC_PER_AMINA,
  QUICK_BETS,
  betRange,
  capBet,
  clampBet,
  halfBet,
  doubleBet,
  maxBet,
  convertBet,
  betProblem,
  betProblemText,
  formatMoney,
  AMINA_EXACT_DECIMALS,
  groupedAmount,
  BET_STEP,
  type BetProblem,
} from './lib/bet-panel/bet-math';
/** Modal dialog with focus management. */
export { Dialog, type DialogProps } from './lib/dialog';
/** The watch-only wallet notice ("Sign in with wallet", "Play as guest") and its texts. */
export { WatchOnlyNotice, WATCH_ONLY_TEXT, type WatchOnlyNoticeProps } from './lib/watch-only-notice';
