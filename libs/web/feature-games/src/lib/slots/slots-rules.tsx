import type { Paytables } from '@cosmic/game-engine';
import { usePaytablesQuery } from '@cosmic/web-data-access';
import { ScrollRegion } from '@cosmic/web-ui';
import { emojiArt } from './slots-art';

type SlotsPaytable = Paytables['slots'];

const band = (b: { min: number; max: number }) =>
  b.min === b.max ? String(b.min) : b.max === 25 ? `${b.min}+` : `${b.min}–${b.max}`;
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

function SymbolArt({ emoji }: { emoji: string }) {
  const src = emojiArt(emoji);
  return src ? <img className="cc-slots-rules__art" src={src} alt="" /> : <span aria-hidden="true">{emoji}</span>;
}

/** The pay table: one row per paying symbol, one column per cluster-size band, pays × bet. */
export function SlotsPayTable({ slots }: { slots: SlotsPaytable }) {
  const paying = slots.symbols.filter((s) => !s.scatter);
  const bands = slots.pays[paying[0]?.id] ?? [];
  return (
    <ScrollRegion label="Slots pay table">
      <table className="cc-table cc-slots-rules__table">
        <caption>Cluster pays (× bet) by cluster size</caption>
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            {bands.map((b) => (
              <th scope="col" key={b.min}>
                {band(b)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paying.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                <SymbolArt emoji={s.emoji} /> {s.name}
              </th>
              {(slots.pays[s.id] ?? []).map((b) => (
                <td key={b.min}>{b.multiplier}×</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Rules of Cosmic Chaos Slots from the shipped model as published (GET /api/fairness/paytables). */
export function SlotsRules() {
  const { data, isError } = usePaytablesQuery();
  const slots = data?.slots;
  const scatter = slots?.symbols.find((s) => s.scatter);
  return (
    <details className="cc-card cc-slots-rules" data-testid="slots-rules">
      <summary>Rules and paytable</summary>
      {!slots && <p className="cc-muted">{isError ? 'The paytable could not be loaded.' : 'Loading the paytable…'}</p>}
      {slots && (
        <div className="cc-slots-rules__body">
          <ul className="cc-slots-rules__rules">
            <li>
              5×5 grid. 5 or more equal symbols touching side by side (not diagonally) form a cluster and pay by symbol
              and size.
            </li>
            <li>
              Winning symbols vanish, the rest fall and new ones drop in; this repeats while clusters keep forming.
              Every cluster of every cascade pays.
            </li>
            {scatter && (
              <li>
                <SymbolArt emoji={scatter.emoji} /> {scatter.name.replace(/ \(scatter\)$/, '')} is the scatter: it never
                forms a cluster.{' '}
                {slots.freeSpins.awards
                  .map((a) => `${a.scatters}${a.orMore ? '+' : ''} scatters award ${a.spins} free spins`)
                  .join(', ')}
                .
              </li>
            )}
            <li>
              Free spins are on the house and pay ×{slots.freeSpinMultiplier}; they{' '}
              {slots.freeSpins.retrigger ? 'can' : 'never'} retrigger.
            </li>
            <li>
              Buy Bonus: {slots.bonusBuyCost}× the bet for {slots.bonusBuySpins} free spins, asked before anything is
              charged.
            </li>
            <li>One spin wins at most {slots.maxWinCap}× the bet.</li>
            <li>
              Return to player: {pct(slots.rtp)} for paid spins, {pct(slots.bonusBuyRtp)} for a bought bonus (simulated;
              House Coins wins are paid in whole coins, rounded down).
            </li>
          </ul>
          <SlotsPayTable slots={slots} />
        </div>
      )}
    </details>
  );
}
