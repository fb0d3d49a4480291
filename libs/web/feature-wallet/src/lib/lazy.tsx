import { lazy, Suspense } from 'react';
import { Spinner } from '@cosmic/web-ui';

// Only this wrapper is exported from the library: the page (with the game engine) stays out of the
// shell's first load and arrives as its own chunk when /fairness opens.
const FairnessPage = lazy(() => import(/* webpackChunkName: "fairness" */ './fairness/fairness-page'));

/** `/fairness`, loaded on first visit. */
export function LazyFairnessPage() {
  return (
    <Suspense fallback={<Spinner label="Loading provably fair tools…" />}>
      <FairnessPage />
    </Suspense>
  );
}
