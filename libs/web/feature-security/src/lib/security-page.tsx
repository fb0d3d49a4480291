/** `/security`: the operators' dashboard. */
export function SecurityPage() {
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title" className="cc-page-title">Security Dashboard</h1>
      <p>Operators only.</p>
    </section>
  );
}
