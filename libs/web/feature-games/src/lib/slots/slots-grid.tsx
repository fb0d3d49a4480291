import type { Frame } from './slots-frames';

/** The 5×5 symbol grid; lit cells glow, vanished cells are empty. */
export function SlotsGrid({ frame, spinning, win }: { frame: Frame; spinning: boolean; win: boolean }) {
  return (
    <div className={`cc-slots__grid${spinning ? ' is-spinning' : ''}${win ? ' is-win' : ''}`} role="grid" aria-label="Slots grid" data-testid="slots-grid">
      {[0, 1, 2, 3, 4].map((row) => (
        <div role="row" key={row} className="cc-slots__row">
          {frame.grid.slice(row * 5, row * 5 + 5).map((s, col) => {
            const i = row * 5 + col;
            return (
              <span role="gridcell" key={col} className={`cc-slots__cell${frame.lit.includes(i) ? ' is-lit' : ''}${s === null ? ' is-gone' : ''}`}>
                {s ?? ''}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
