import { Link } from 'react-router-dom';

/** `/warp`: the intro before the lobby. */
export function WarpPage() {
  return (
    <section aria-labelledby="warp-title">
      <h1 id="warp-title" className="cc-page-title">Warp Drive</h1>
      <Link to="/casino" className="cc-button">Skip</Link>
    </section>
  );
}
