import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { PageTitle } from './page-title';
import { Sky } from './sky';
// The kit's global styles, in cascade order: the theme first. They load with the frame.
import '../styles/theme.css';
import '../styles/components.css';
import '../styles/frame.css';
import '../styles/cards.css';
import '../styles/dialog.css';

export interface LayoutProps {
  children: ReactNode;
  headerActions?: ReactNode;
  /** The balance kept in sight on a narrow screen, where the header's actions fold into its Menu. */
  headerBalance?: ReactNode;
}

/** The frame of every page: animated sky, header, main content, footer. */
export function Layout({ children, headerActions, headerBalance }: LayoutProps) {
  return (
    <div className="cc-shell">
      <PageTitle />
      <Sky />
      <a className="cc-skip-link" href="#main">
        Skip to content
      </a>
      <Header actions={headerActions} balance={headerBalance} />
      <main id="main" className="cc-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
