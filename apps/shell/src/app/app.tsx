import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router-dom';
import { WEB_ROUTES as R } from '@cosmic/contracts';
import { Layout } from '@cosmic/web-ui';
import { LandingPage, NotFoundPage, ResponsibleGamingPage, WarpPage } from '@cosmic/web-feature-shell';
import { LazyPokerPage } from '@cosmic/web-feature-poker';
import { LazyFairnessPage, LazyReservesPage } from '@cosmic/web-feature-fairness';
import { WalletBalance, WalletWidget } from '@cosmic/web-feature-wallet';
import { RemoteRoute } from './remote-route';

/** A page of the shell; one whose code is a chunk of its own can fetch it ahead (`preload`). */
type Page = ComponentType & { preload?: () => Promise<void> };

const Games = () => <RemoteRoute remote="games" />;
const Cashier = () => <RemoteRoute remote="cashier" />;
const Security = () => <RemoteRoute remote="security" />;

/** The pages inside the frame (header, footer), by path; any other path is the 404 page. */
const FRAMED: ReadonlyArray<readonly [string, Page]> = [
  [R.landing, LandingPage],
  [R.casino, Games],
  [R.games, Games],
  [R.game, Games],
  [R.cashier, Cashier],
  [R.security, Security],
  [R.poker, LazyPokerPage],
  [R.responsibleGaming, ResponsibleGamingPage],
  [R.fairness, LazyFairnessPage],
  [R.reserves, LazyReservesPage],
  ['*', NotFoundPage],
];

/**
 * The shell's routes (libs/contracts' WEB_ROUTES, which the API answers 200; any other path is the
 * 404 page, answered 404); remote routes load their micro-frontend on first visit.
 */
export function App() {
  return (
    <Routes>
      <Route path={R.warp} element={<WarpPage />} />
      <Route
        path="*"
        element={
          <Layout headerActions={<WalletWidget />} headerBalance={<WalletBalance />}>
            <Routes>
              {FRAMED.map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Routes>
          </Layout>
        }
      />
    </Routes>
  );
}

/**
 * Fetches the code of the page at `pathname` when it is a chunk of its own (resolves at once
 * otherwise). src/main.tsx waits for it before hydrating the server's page: the page then hydrates
 * in the same pass as the shell around it instead of staying the server's HTML until its code
 * arrives, when a click on it would find no handler after the shell said it had hydrated.
 */
export function preloadPage(pathname: string): Promise<void> {
  const routes = [{ path: R.warp, Page: WarpPage }, ...FRAMED.map(([path, Page]) => ({ path, Page }))];
  const page = matchRoutes(routes, pathname)?.[0]?.route.Page;
  return page?.preload?.() ?? Promise.resolve();
}
