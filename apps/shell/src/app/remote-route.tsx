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
 * Renders a micro-frontend. If it cannot load, a fallback with Retry replaces only this route; if
 * it loaded and then crashed while rendering, the error goes on to the app's crash screen
 * ('Loading cosmic casino...' with 'Reload Casino').
 */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazyRemote(remote, attempt), [remote, attempt]);
  const loading = (
    <div className="cc-page-loading">
      <Spinner label={`Loading the ${LABELS[remote]}…`} />
    </div>
  );
  // The prerendered page (src/prerender.tsx) holds the loading screen, and hydration renders the
  // same, plain: the remote starts loading right after, as on a page rendered in the browser.
  if (!useHydrated()) return loading;
  return (
    <RemoteBoundary key={attempt} label={LABELS[remote]} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={loading}>
        <Remote />
      </Suspense>
    </RemoteBoundary>
  );
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
