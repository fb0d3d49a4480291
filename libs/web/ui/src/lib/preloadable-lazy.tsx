import { type ComponentType, lazy, Suspense, useState } from 'react';
import { PageShown } from './screen-shown';
import { Spinner } from './spinner';

/** A component whose code comes in a chunk of its own, which `preload()` fetches ahead of rendering. */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * React.lazy that renders at once, without suspending, when its code was fetched before (preload).
 * Hydrating a screen the server drew (apps/shell/src/app/remote-route.tsx), a lazy part that
 * suspends stays the server's HTML until its code arrives, and an update from above meanwhile (the
 * player's data after hydration) makes React drop that HTML for the fallback: with its code
 * preloaded, the part hydrates with the rest of the screen instead.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Preloadable(props: P) {
    // one component for the life of this element: switching would remount it
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

/**
 * A page whose code is a chunk of its own, behind a Suspense boundary that shows 'Loading {label}…'.
 * `preload()` fetches its code: the shell calls it for the page being opened before it hydrates the
 * server's page (apps/shell/src/main.tsx), so the page hydrates with the server's HTML, never its
 * loading screen. React hydrates the boundary's content in a pass after the shell's: the boundary
 * sits in a slot (`data-page-slot`, laid out as its content) where clicks and typing on the server's
 * page are held until PageShown says the page is live (tools/webpack/route-preload.js).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType<object> }>,
  label: string,
): PreloadableComponent<object> {
  const Page = preloadableLazy(load);
  function LazyPage() {
    return (
      <div className="cc-page-slot" data-page-slot="">
        <Suspense
          fallback={
            <div className="cc-page-loading">
              <Spinner label={`Loading ${label}…`} />
            </div>
          }
        >
          <Page />
          <PageShown />
        </Suspense>
      </div>
    );
  }
  return Object.assign(LazyPage, { preload: Page.preload });
}
