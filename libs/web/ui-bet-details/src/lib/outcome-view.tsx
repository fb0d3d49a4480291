import type {
  BetOutcome,
  BlackjackBetOutcome,
  GameCard,
  HiloBetOutcome,
  PlinkoBetOutcome,
  SlotsBetOutcome,
} from '@cosmic/contracts';
import { plinkoSlotMultiplier, plinkoSteps, slotRows, slotSymbol, symbolHue } from './outcome';
import { ScrollRegion } from '@cosmic/web-ui';

// pips lit on a 3×3 die face, per value
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

function Die({ value }: { value: number }) {
  const lit = new Set(PIPS[value] ?? []);
  return (
    <span className="cc-bd-die" role="img" aria-label={`Die showing ${value}`} data-testid="bd-die" data-value={value}>
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} className={lit.has(i) ? 'cc-bd-die__pip' : undefined} />
      ))}
    </span>
  );
}

const RED = new Set(['♥', '♦']);
/** A small playing card. */
export function CardChip({ card }: { card: GameCard }) {
  return (
    <span
      className={`cc-bd-card${RED.has(card.suit) ? ' cc-bd-card--red' : ''}`}
      role="img"
      aria-label={card.label}
      data-testid="bd-card"
    >
      <span aria-hidden="true">{card.rank}</span>
      <span aria-hidden="true">{card.suit}</span>
    </span>
  );
}

function PlinkoView({ o }: { o: PlinkoBetOutcome }) {
  const rows = o.path.length;
  const gap = 22;
  const rowH = 20;
  const w = (rows + 2) * gap;
  const h = (rows + 1) * rowH + 30;
  let x = w / 2;
  const points = [`${x},6`];
  o.path.forEach((step, r) => {
    x += step === 1 ? gap / 2 : -gap / 2;
    points.push(`${x},${(r + 1) * rowH + 6}`);
  });
  const slots = rows + 1;
  const steps = plinkoSteps(o.path);
  return (
    <div className="cc-bd-plinko">
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="cc-bd-plinko__board"
        role="img"
        aria-label={`The ball’s path down ${rows} rows of pegs into slot ${o.slot}`}
      >
        {Array.from({ length: rows }, (_, r) =>
          Array.from({ length: r + 3 }, (_, i) => (
            <circle
              key={`${r}-${i}`}
              cx={w / 2 + (i - (r + 2) / 2) * gap}
              cy={(r + 1) * rowH + 6}
              r={2.4}
              className="cc-bd-plinko__peg"
            />
          )),
        )}
        <polyline points={points.join(' ')} className="cc-bd-plinko__path" />
        <circle cx={x} cy={rows * rowH + 6} r={5} className="cc-bd-plinko__ball" />
        {Array.from({ length: slots }, (_, k) => {
          const sx = w / 2 + (k - rows / 2) * gap;
          return (
            <g key={k} className={k === o.slot ? 'cc-bd-plinko__slot cc-bd-plinko__slot--hit' : 'cc-bd-plinko__slot'}>
              <rect x={sx - gap / 2 + 1} y={h - 22} width={gap - 2} height={18} rx={4} />
              <text x={sx} y={h - 9} textAnchor="middle">
                {plinkoSlotMultiplier(o.risk, k) ?? ''}
              </text>
            </g>
          );
        })}
      </svg>
      <ol className="cc-bd-steps" aria-label="Which way at each row">
        {steps.map((s, i) => (
          <li key={i} className={`cc-bd-steps__step cc-bd-steps__step--${s}`}>
            <span className="cc-sr-only">Row {i + 1}: </span>
            {s === 'right' ? 'R' : 'L'}
          </li>
        ))}
      </ol>
      <p className="cc-bd-line" data-testid="bd-plinko-slot">
        Slot <strong>{o.slot}</strong> of {slots}
        {plinkoSlotMultiplier(o.risk, o.slot) !== null && <> — pays ×{plinkoSlotMultiplier(o.risk, o.slot)}</>} (
        {o.risk} risk)
      </p>
    </div>
  );
}

function SlotGrid({
  grid,
  clusters,
  label,
}: {
  grid: string[];
  clusters?: SlotsBetOutcome['cascades'][number]['clusters'];
  label: string;
}) {
  const rows = slotRows(grid, clusters);
  const won = rows.flat().filter((c) => c.won).length;
  return (
    <figure className="cc-bd-slots__grid">
      <div
        className="cc-bd-slots__cells"
        role="img"
        aria-label={`${label}: ${rows.map((r) => r.map((c) => c.name).join(', ')).join('; ')}${won ? `. ${won} winning cells` : ''}`}
      >
        {rows.flat().map((c, i) => (
          // a lettered tile in the symbol's colour: emoji fonts are not everywhere (the game board draws its own art)
          <span
            key={i}
            className={c.won ? 'cc-bd-slots__cell cc-bd-slots__cell--won' : 'cc-bd-slots__cell'}
            style={{ ['--hue' as string]: String(symbolHue(c.symbol)) }}
            title={c.name}
            data-emoji={c.emoji}
            aria-hidden="true"
          >
            {c.name.slice(0, 2)}
          </span>
        ))}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function SlotsView({ o }: { o: SlotsBetOutcome }) {
  if (o.mode === 'bonus-buy')
    return (
      <p className="cc-bd-line">
        A bonus purchase: {o.spinsBought} free spins, each played (and verifiable) as a bet of its own.
      </p>
    );
  return (
    <div className="cc-bd-slots">
      <ScrollRegion label="The grids of this spin" className="cc-bd-slots__strip">
        {o.cascades.length === 0 && <SlotGrid grid={o.initialGrid} label="The grid (no winning cluster)" />}
        {o.cascades.map((c, i) => (
          <SlotGrid key={i} grid={c.grid} clusters={c.clusters} label={`Cascade ${i + 1}`} />
        ))}
        {o.cascades.length > 0 && <SlotGrid grid={o.finalGrid} label="Final grid" />}
      </ScrollRegion>
      {o.cascades.length > 0 && (
        <ul className="cc-bd-slots__wins" aria-label="Winning clusters">
          {o.cascades.flatMap((c, i) =>
            c.clusters.map((k, j) => (
              <li key={`${i}-${j}`}>
                Cascade {i + 1}: {k.size} × {slotSymbol(k.symbol).name}
              </li>
            )),
          )}
        </ul>
      )}
      <p className="cc-bd-line">
        {o.mode === 'free' ? 'Free spin (wins ×3). ' : ''}
        {o.scatters} scatter{o.scatters === 1 ? '' : 's'}
        {o.freeSpinsAwarded > 0 && (
          <>
            , <strong>{o.freeSpinsAwarded} free spins awarded</strong>
          </>
        )}
        {o.capped && ', win capped at the maximum'}
      </p>
    </div>
  );
}

function BlackjackView({ o }: { o: BlackjackBetOutcome }) {
  return (
    <div className="cc-bd-hands">
      <div className="cc-bd-hand" data-testid="bd-dealer">
        <p className="cc-bd-hand__label">
          Dealer <span className="cc-bd-hand__total">{o.dealerTotal}</span>
        </p>
        <div className="cc-bd-hand__cards">
          {o.dealer.map((c, i) => (
            <CardChip key={i} card={c} />
          ))}
        </div>
      </div>
      {o.hands.map((h, i) => (
        <div className="cc-bd-hand" key={i} data-testid="bd-hand">
          <p className="cc-bd-hand__label">
            {o.hands.length > 1 ? `Split hand ${i + 1}` : 'Player'} <span className="cc-bd-hand__total">{h.total}</span>
            {h.doubled && <span className="cc-bd-tag">doubled</span>}
            {h.result && <span className={`cc-bd-tag cc-bd-tag--${h.result}`}>{h.result}</span>}
          </p>
          <div className="cc-bd-hand__cards">
            {h.cards.map((c, j) => (
              <CardChip key={j} card={c} />
            ))}
          </div>
        </div>
      ))}
      <p className="cc-bd-line">Actions: {o.actions.length ? o.actions.join(', ') : 'none (settled at the deal)'}</p>
    </div>
  );
}

function HiloView({ o }: { o: HiloBetOutcome }) {
  const [first] = o.cards;
  return (
    <div className="cc-bd-hilo">
      <ol className="cc-bd-hilo__run" aria-label="The run: the first card, then each guess and the card it met">
        {first && (
          <li className="cc-bd-hilo__step">
            <CardChip card={first} />
            <span className="cc-bd-hilo__guess">start</span>
          </li>
        )}
        {o.guesses.map((g, i) => (
          <li className="cc-bd-hilo__step" key={i} data-testid="bd-guess">
            <span className={`cc-bd-hilo__guess ${g.won ? 'cc-bd-good' : 'cc-bd-bad'}`}>
              {g.direction === 'higher' ? '▲' : '▼'} {g.direction} {g.won ? '✓' : '✗'}
            </span>
            <CardChip card={g.card} />
          </li>
        ))}
      </ol>
      <p className="cc-bd-line">
        {o.status === 'cashed' ? `Cashed out after ${o.streak} right` : `Lost after ${o.streak} right`}
      </p>
    </div>
  );
}

/** What a bet drew, drawn per game: dice faces, the plinko path and slot, the slots grids and cascades, the blackjack hands, the hi-lo run. */
export function OutcomeView({ outcome }: { outcome: BetOutcome }) {
  switch (outcome.game) {
    case 'dice':
      return (
        <div className="cc-bd-dice">
          {outcome.dice.map((d, i) => (
            <Die key={i} value={d} />
          ))}
          <p className="cc-bd-line">
            Total <strong data-testid="bd-dice-total">{outcome.total}</strong> on a {outcome.betType} bet:{' '}
            <strong className={outcome.won ? 'cc-bd-good' : 'cc-bd-bad'}>{outcome.won ? 'won' : 'lost'}</strong>
          </p>
        </div>
      );
    case 'plinko':
      return <PlinkoView o={outcome} />;
    case 'slots':
      return <SlotsView o={outcome} />;
    case 'blackjack':
      return <BlackjackView o={outcome} />;
    case 'hilo':
      return <HiloView o={outcome} />;
  }
}
