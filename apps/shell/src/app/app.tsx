import { Route, Routes } from 'react-router-dom';
import { Layout } from '@cosmic/web-ui';
import { LandingPage, NotFoundPage, ResponsibleGamingPage, WarpPage } from '@cosmic/web-feature-shell';
import { LazyPokerPage } from '@cosmic/web-feature-poker';
import { LazyFairnessPage, LazyReservesPage } from '@cosmic/web-feature-fairness';
import { WalletBalance, WalletWidget } from '@cosmic/web-feature-wallet';
import { RemoteRoute } from './remote-route';

/** The shell's routes; remote routes load their micro-frontend on first visit. */
export function App() {
  return (
    <Routes>
      <Route path="/warp" element={<WarpPage />} />
      <Route
        path="*"
        element={
          <Layout headerActions={<WalletWidget />} headerBalance={<WalletBalance />}>
            <Routes>
              <Route path="/" element={<LandingPage />} />
              <Route path="/casino" element={<RemoteRoute remote="games" />} />
              <Route path="/games" element={<RemoteRoute remote="games" />} />
              <Route path="/game/:gameType" element={<RemoteRoute remote="games" />} />
              <Route path="/cashier" element={<RemoteRoute remote="cashier" />} />
              <Route path="/security" element={<RemoteRoute remote="security" />} />
              <Route path="/poker" element={<LazyPokerPage />} />
              <Route path="/responsible-gaming" element={<ResponsibleGamingPage />} />
              <Route path="/fairness" element={<LazyFairnessPage />} />
              <Route path="/fairness/reserves" element={<LazyReservesPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Layout>
        }
      />
    </Routes>
  );
}
