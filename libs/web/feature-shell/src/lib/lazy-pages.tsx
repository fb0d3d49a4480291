import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@cosmic/web-ui';

// Pages that are not the first screen load as their own chunks, keeping the shell's first
// download small (DESIGN.md §10: ≤ 150 KB gzip).
function lazyPage(load: () => Promise<ComponentType>, label: string): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<Spinner label={`Loading ${label}…`} />}>
        <Page />
      </Suspense>
    );
  };
}

/** `/warp`, loaded on first visit. */
export const WarpPage = lazyPage(() => import(/* webpackChunkName: "warp" */ './warp/warp-page').then((m) => m.WarpPage), 'the warp drive');
/** `/responsible-gaming`, loaded on first visit. */
export const ResponsibleGamingPage = lazyPage(
  () => import(/* webpackChunkName: "info" */ './info/responsible-gaming-page').then((m) => m.ResponsibleGamingPage),
  'responsible gaming',
);
/** `/fairness`, loaded on first visit. */
export const FairnessPage = lazyPage(() => import(/* webpackChunkName: "info" */ './info/fairness-page').then((m) => m.FairnessPage), 'provably fair');
