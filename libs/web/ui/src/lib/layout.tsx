import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { Sky } from './sky';

export interface LayoutProps {
  children: ReactNode;
  headerActions?: ReactNode;
}

/** The frame of every page: animated sky, header, main content, footer. */
export function Layout({ children, headerActions }: LayoutProps) {
  return (
    <div className="cc-shell">
      <Sky />
      <a className="cc-skip-link" href="#main">Skip to content</a>
      <Header actions={headerActions} />
      <main id="main" className="cc-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
