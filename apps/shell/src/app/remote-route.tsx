import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@cosmic/web-ui';
import { loadRemoteComponent, type RemoteName } from './federation';

const LABELS: Record<RemoteName, string> = { games: 'games', cashier: 'cashier', security: 'security dashboard' };

// React.lazy caches a rejected import forever, so each retry needs a fresh lazy component.
const cache = new Map<RemoteName, ComponentType>();
function lazyRemote(name: RemoteName, attempt: number): ComponentType {
  const key = name;
  if (attempt === 0 && cache.has(key)) return cache.get(key)!;
  const c = lazy(() => loadRemoteComponent(name));
  cache.set(key, c);
  return c;
}

/** Renders a micro-frontend; if it cannot load, a fallback with Retry replaces only this route. */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazyRemote(remote, attempt), [remote, attempt]);
  return (
    <RemoteBoundary key={attempt} label={LABELS[remote]} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<Spinner label={`Loading the ${LABELS[remote]}…`} />}>
        <Remote />
      </Suspense>
    </RemoteBoundary>
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
    return (
      <section className="cc-fallback cc-card" role="alert" aria-labelledby="remote-fallback-title">
        <h1 id="remote-fallback-title" className="cc-page-title">The {this.props.label} could not be loaded</h1>
        <p>This part of the casino is unreachable right now. The rest of the site still works.</p>
        <button type="button" className="cc-button cc-button--primary" onClick={this.props.onRetry}>
          Retry
        </button>
      </section>
    );
  }
}
