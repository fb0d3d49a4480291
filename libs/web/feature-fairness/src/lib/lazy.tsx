import { lazy, Suspense } from 'react';
import { Spinner } from '@cosmic/web-ui';

// Only this wrapper is exported from the library: the page (with the game engine) stays out of the
// shell's first load and arrives as its own chunk when /fairness opens.
const FairnessPage = lazy(() => import(/* webpackChunkName: "fairness" */ './fairness/fairness-page'));
const ReservesPage = lazy(() => import(/* webpackChunkName: "reserves" */ './reserves/reserves-page'));

/** `/fairness`, loaded on first visit. */
export function LazyFairnessPage() {
  return (
    <Suspense fallback={<Spinner label="Loading provably fair tools…" />}>
      <FairnessPage />
    </Suspense>
  );
}

/** `/fairness/reserves`, loaded on first visit. */
export function LazyReservesPage() {
  return (
    <Suspense fallback={<Spinner label="Loading proof of reserves…" />}>
      <ReservesPage />
    </Suspense>
  );
}
