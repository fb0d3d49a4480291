import { Link } from 'react-router-dom';

/** `/cashier`: AMINA deposits and withdrawals. */
export function CashierPage() {
  return (
    <section aria-labelledby="cashier-title">
      <h1 id="cashier-title" className="cc-page-title">Cashier</h1>
      <Link to="/games" className="cc-button cc-button--ghost">Back to Casino</Link>
    </section>
  );
}
