import { ODDS } from './odds';

const COLUMNS = ['Game', 'Bet', 'Chance to win', 'Pays'] as const;

/**
 * The odds of every bet. A table on wide screens; on phones each row becomes a small card
 * (CSS), so the explicit ARIA roles keep it a table for assistive technology either way.
 */
export function OddsTable() {
  return (
    <div className="cc-table-wrap cc-odds">
      <table className="cc-table" role="table">
        <caption className="cc-sr-only">Chance of winning and payout for each bet</caption>
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((c) => <th key={c} scope="col" role="columnheader">{c}</th>)}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {ODDS.map((r) => (
            <tr key={`${r.game}-${r.bet}`} role="row">
              <th scope="row" role="rowheader">{r.game}</th>
              <td role="cell" data-label={COLUMNS[1]}>{r.bet}</td>
              <td role="cell" data-label={COLUMNS[2]}>{r.chance}</td>
              <td role="cell" data-label={COLUMNS[3]}>{r.pays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
