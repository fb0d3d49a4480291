/** The animated background of framed pages: twinkling stars and a slowly drifting nebula. */
export function Sky() {
  return (
    <div className="cc-sky" aria-hidden="true">
      <div className="cc-sky__nebula" />
      <div className="cc-sky__stars cc-sky__stars--far" />
      <div className="cc-sky__stars" />
    </div>
  );
}
