import { ODDS } from './odds';

/** The odds of every bet, as a table that scrolls sideways on small screens. */
export function OddsTable() {
  return (
    <div className="cc-table-wrap" role="region" aria-labelledby="odds-title" tabIndex={0}>
      <table className="cc-table">
        <caption className="cc-sr-only">Chance of winning and payout for each bet</caption>
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Bet</th>
            <th scope="col">Chance to win</th>
            <th scope="col">Pays</th>
          </tr>
        </thead>
        <tbody>
          {ODDS.map((r) => (
            <tr key={`${r.game}-${r.bet}`}>
              <th scope="row">{r.game}</th>
              <td>{r.bet}</td>
              <td>{r.chance}</td>
              <td>{r.pays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
