import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageTitle } from '@cosmic/web-ui';

interface State {
  crashed: boolean;
}

/** The last line of defence: an uncaught render error shows the reload screen. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Cosmic Casino crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    return (
      <div className="cc-fallback" role="alert">
        <PageTitle />
        <div className="cc-spinner" aria-hidden="true" />
        <p>Loading cosmic casino...</p>
        <button type="button" className="cc-button cc-button--primary" onClick={() => window.location.reload()}>
          Reload Casino
        </button>
      </div>
    );
  }
}
