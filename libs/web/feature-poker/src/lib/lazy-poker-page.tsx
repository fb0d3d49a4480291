import { lazy, Suspense } from 'react';
import { Spinner } from '@cosmic/web-ui';

const Page = lazy(() => import(/* webpackChunkName: "poker" */ './poker-page').then((m) => ({ default: m.PokerPage })));

/** `/poker`, loaded as its own chunk on first visit (outside the shell's first load). */
export function LazyPokerPage() {
  return (
    <Suspense
      fallback={
        <div className="cc-page-loading">
          <Spinner label="Loading Cosmic Poker…" />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}
