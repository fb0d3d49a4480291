import { Link } from 'react-router-dom';
import { buttonClass, PageTitle } from '@cosmic/web-ui';
import { LostPlanet } from './lost-planet';
import './not-found.css';

/** Any unknown path: '404 Page Not Found'. */
export function NotFoundPage() {
  return (
    <section className="cc-fallback cc-lost" aria-labelledby="nf-title">
      <PageTitle name="404 Page Not Found" />
      <LostPlanet />
      <h1 id="nf-title" className="cc-page-title">
        404 Page Not Found
      </h1>
      <p>This corner of the universe is empty. The page may have drifted out of orbit.</p>
      <div className="cc-lost__actions">
        <Link to="/" className={buttonClass({ variant: 'primary' })}>
          Back to the landing page
        </Link>
        <Link to="/casino" className={buttonClass({ variant: 'ghost' })}>
          Go to the lobby
        </Link>
      </div>
    </section>
  );
}
