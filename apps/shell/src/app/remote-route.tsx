import {
  Component,
  lazy,
  Suspense,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { PageTitle, Spinner } from '@cosmic/web-ui';
import type { RemoteName } from './federation';

const LABELS: Record<RemoteName, string> = { games: 'games', cashier: 'cashier', security: 'security dashboard' };

/** A micro-frontend that could not be fetched or started (as opposed to one that crashed while rendering). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`remote ${remote} could not be loaded: ${String((cause as Error)?.message ?? cause)}`, { cause });
    this.name = 'RemoteLoadError';
  }
}

// React.lazy caches a rejected import forever, so each retry needs a fresh lazy component.
const cache = new Map<RemoteName, ComponentType>();
function lazyRemote(name: RemoteName, attempt: number): ComponentType {
  const key = name;
  if (attempt === 0 && cache.has(key)) return cache.get(key)!;
  // the federation code (runtime, shared modules) is a chunk of its own: `/` does not fetch it
  const c = lazy(() =>
    import(/* webpackChunkName: "federation" */ './federation')
      .then((federation) => federation.loadRemoteComponent(name))
      .catch((e: unknown) => Promise.reject(new RemoteLoadError(name, e))),
  );
  cache.set(key, c);
  return c;
}

/**
 * Where a remote's first screen goes in a prerendered page: src/prerender.tsx turns these two texts
 * into comments around the loading screen, which the server replaces with the HTML the remote
 * publishes now for that page (its fragment, apps/api/src/app/web/prerendered-pages.ts) as a
 * completed Suspense boundary, else keeps.
 */
export const SLOT_START = '[[remote-fragment]]';
export const SLOT_END = '[[/remote-fragment]]';

/**
 * Renders a micro-frontend. If it cannot load, a fallback with Retry replaces only this route; if
 * it loaded and then crashed while rendering, the error goes on to the app's crash screen
 * ('Loading cosmic casino...' with 'Reload Casino').
 *
 * In a prerendered page whose slot the server filled with the remote's own first screen, the
 * remote's Suspense boundary is that screen: hydration keeps it as the server drew it while the
 * remote's code loads, then hydrates it in place with that code (no second render over it). Clicks
 * made on it meanwhile are held and replayed once the remote has hydrated (tools/webpack/route-preload.js).
 */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazyRemote(remote, attempt), [remote, attempt]);
  const hydrated = useHydrated();
  // read once, while hydrating: does the server's slot hold the remote's own first screen?
  const [stitched] = useState(() => !hydrated && slotHoldsFragment(remote));
  // One element for as long as the remote and the attempt are the same: a server's boundary not yet
  // hydrated that receives new props (a re-render here, as when hydration ends) gives up the
  // server's HTML and renders its fallback, the loading screen, until the remote's code arrives.
  const [loading, content] = useMemo(() => {
    const spinner = (
      <div className="cc-page-loading">
        <Spinner label={`Loading the ${LABELS[remote]}…`} />
      </div>
    );
    return [
      spinner,
      <RemoteBoundary key={attempt} label={LABELS[remote]} onRetry={() => setAttempt((a) => a + 1)}>
        <Suspense fallback={spinner}>
          <Remote />
        </Suspense>
      </RemoteBoundary>,
    ];
  }, [remote, attempt, Remote]);
  // Prerendering, the slot holds the loading screen between marks the server finds; hydrating a
  // slot the server left so, the same loading screen (the marks are comments, which hydration skips):
  // the remote starts loading right after, as on a page rendered in the browser.
  if (!hydrated && !stitched)
    return (
      <div className="cc-remote-slot" data-remote-slot={remote}>
        {typeof document === 'undefined' ? (
          <>
            {SLOT_START}
            {loading}
            {SLOT_END}
          </>
        ) : (
          loading
        )}
      </div>
    );
  return (
    <div className="cc-remote-slot" data-remote-slot={remote}>
      {content}
    </div>
  );
}

/**
 * Whether the page's slot for `remote` holds a completed Suspense boundary (`<!--$-->`, the
 * remote's first screen the server stitched in) rather than the loading screen.
 */
function slotHoldsFragment(remote: RemoteName): boolean {
  if (typeof document === 'undefined') return false;
  const first = document.querySelector(`[data-remote-slot="${remote}"]`)?.firstChild;
  return first?.nodeType === Node.COMMENT_NODE && (first as Comment).data === '$';
}

const noSubscription = () => () => undefined;

/** False while prerendering and hydrating, true once the page is the browser's (and in a page rendered there). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // not a loading failure: let the crash boundary above show the spec's reload screen
    if (!(this.state.error instanceof RemoteLoadError)) throw this.state.error;
    return (
      <section className="cc-fallback cc-card" role="alert" aria-labelledby="remote-fallback-title">
        <PageTitle name={`The ${this.props.label} could not be loaded`} />
        <h1 id="remote-fallback-title" className="cc-page-title">
          The {this.props.label} could not be loaded
        </h1>
        <p>This part of the casino is unreachable right now. The rest of the site still works.</p>
        <button type="button" className="cc-button cc-button--primary" onClick={this.props.onRetry}>
          Retry
        </button>
      </section>
    );
  }
}
