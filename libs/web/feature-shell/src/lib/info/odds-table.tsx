import { usePaytablesQuery } from '@cosmic/web-data-access';
import { ScrollRegion } from '@cosmic/web-ui';
import { ODDS, type OddsRow } from './odds';
import type { Paytables } from '@cosmic/game-engine';

const COLUMNS = ['Game', 'Bet', 'Chance to win', 'Pays', 'Return to player'] as const;

/** "97.30%", with what it applies to; "…" until the paytables arrive. */
export function rtpText(row: OddsRow, p: Paytables | undefined): string {
  if (!p) return '…';
  return `${(row.rtp(p) * 100).toFixed(2)}%${row.rtpNote ? ` ${row.rtpNote}` : ''}`;
}

/**
 * The odds of every bet, with the return to player of the shipped paytables. A table on wide screens; on phones each row becomes a small card
 * (CSS), so the explicit ARIA roles keep it a table for assistive technology either way.
 */
export function OddsTable() {
  const { data: paytables } = usePaytablesQuery();
  return (
    <ScrollRegion label="Odds of every bet" className="cc-table-wrap cc-odds">
      <table className="cc-table" role="table">
        <caption className="cc-sr-only">Chance of winning and payout for each bet</caption>
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((c) => (
              <th key={c} scope="col" role="columnheader">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {ODDS.map((r) => (
            <tr key={`${r.game}-${r.bet}`} role="row">
              <th scope="row" role="rowheader">
                {r.game}
              </th>
              <td role="cell" data-label={COLUMNS[1]}>
                {r.bet}
              </td>
              <td role="cell" data-label={COLUMNS[2]}>
                {r.chance}
              </td>
              <td role="cell" data-label={COLUMNS[3]}>
                {r.pays}
              </td>
              <td role="cell" data-label={COLUMNS[4]}>
                {rtpText(r, paytables)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
