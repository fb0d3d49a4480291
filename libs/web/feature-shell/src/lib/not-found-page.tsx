import { Link } from 'react-router-dom';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <section className="cc-fallback" aria-labelledby="nf-title">
      <h1 id="nf-title" className="cc-page-title">404 Page Not Found</h1>
      <p>This corner of the universe is empty.</p>
      <Link to="/" className="cc-button">Back to the landing page</Link>
    </section>
  );
}
