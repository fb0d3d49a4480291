import { Route, Routes } from 'react-router-dom';
import { WEB_ROUTES as R } from '@cosmic/contracts';
import { Layout } from '@cosmic/web-ui';
import { LandingPage, NotFoundPage, ResponsibleGamingPage, WarpPage } from '@cosmic/web-feature-shell';
import { LazyPokerPage } from '@cosmic/web-feature-poker';
import { LazyFairnessPage, LazyReservesPage } from '@cosmic/web-feature-fairness';
import { WalletBalance, WalletWidget } from '@cosmic/web-feature-wallet';
import { RemoteRoute } from './remote-route';

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
              <Route path={R.landing} element={<LandingPage />} />
              <Route path={R.casino} element={<RemoteRoute remote="games" />} />
              <Route path={R.games} element={<RemoteRoute remote="games" />} />
              <Route path={R.game} element={<RemoteRoute remote="games" />} />
              <Route path={R.cashier} element={<RemoteRoute remote="cashier" />} />
              <Route path={R.security} element={<RemoteRoute remote="security" />} />
              <Route path={R.poker} element={<LazyPokerPage />} />
              <Route path={R.responsibleGaming} element={<ResponsibleGamingPage />} />
              <Route path={R.fairness} element={<LazyFairnessPage />} />
              <Route path={R.reserves} element={<LazyReservesPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Layout>
        }
      />
    </Routes>
  );
}
