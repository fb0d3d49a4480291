import type { Paytables } from '@cosmic/game-engine';
import { usePaytablesQuery } from '@cosmic/web-data-access';
import { Card, ScrollRegion, Skeleton } from '@cosmic/web-ui';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

function DiceTable({ dice }: { dice: Paytables['dice'] }) {
  return (
    // on a phone the table scrolls sideways: a keyboard must be able to reach and scroll it
    <ScrollRegion label="Nebula Dice paytable">
      <table className="cc-table">
        <caption className="cc-fair__caption">Nebula Dice</caption>
        <thead>
          <tr>
            <th scope="col">Bet</th>
            <th scope="col">Wins on totals</th>
            <th scope="col">Pays</th>
            <th scope="col">RTP</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(dice.bets).map(([bet, e]) => (
            <tr key={bet}>
              <th scope="row">{bet}</th>
              <td>{e.totals.join(', ')}</td>
              <td>×{e.multiplier}</td>
              <td>{pct(e.rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function PlinkoTable({ plinko }: { plinko: Paytables['plinko'] }) {
  const risks = (['low', 'medium', 'high'] as const).filter((r) => plinko[r]);
  return (
    <ScrollRegion label="Quantum Plinko paytable">
      <table className="cc-table">
        <caption className="cc-fair__caption">
          Quantum Plinko ({plinko.rows} rows; {plinko.probabilities})
        </caption>
        <thead>
          <tr>
            <th scope="col">Risk</th>
            <th scope="col">Multipliers, slot 0 to 12</th>
            <th scope="col">RTP</th>
          </tr>
        </thead>
        <tbody>
          {risks.map((r) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              <td className="cc-mono">{plinko[r].multipliers.join(' · ')}</td>
              <td>{pct(plinko[r].rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** GET /api/fairness/paytables: every game's paytable with its exact RTP. */
export function PaytablesView() {
  const { data, isError } = usePaytablesQuery();
  return (
    <Card className="cc-fair__card" aria-labelledby="paytables-title">
      <h2 id="paytables-title" className="cc-fair__title">
        Paytables and RTP
      </h2>
      <p className="cc-muted cc-fair__note" data-testid="hc-rounding">
        House Coins are paid in whole coins: an HC payout is the bet times the multiplier rounded down to a whole coin
        (1 HC at ×0.6 pays 0, a 1 HC blackjack at ×2.5 pays 2 HC). The RTPs below are exact for AMINA; in House Coins
        the return is lower by the fractions kept, under 1 HC per bet. To check a payout:{' '}
        <code>npm run verify -- … --stake &lt;base units&gt; --currency HC</code>.
      </p>
      {isError && <p className="cc-fair__bad">The paytables could not be loaded.</p>}
      {!data && !isError && <Skeleton />}
      {data && (
        <div className="cc-fair__tables">
          <DiceTable dice={data.dice} />
          <PlinkoTable plinko={data.plinko} />
          <p>
            <strong>Cosmic Hi-Lo</strong>: {data.hilo.rule}. House edge {pct(data.hilo.edge)}, RTP per guess{' '}
            {pct(data.hilo.rtpPerStep)}.
          </p>
          <p>
            <strong>Galaxy Blackjack</strong>: {data.blackjack.rules.join('; ')}. RTP {pct(data.blackjack.rtp)} with
            basic strategy ({data.blackjack.method}).
          </p>
        </div>
      )}
    </Card>
  );
}
