import { memo } from 'react';
import { emojiArt, symbolName } from './slots-art';
import type { Frame } from './slots-frames';

/** One symbol as its Twemoji picture, named by the model ("Moon"); an unknown one stays text. */
function SlotSymbol({ emoji }: { emoji: string }) {
  const src = emojiArt(emoji);
  const name = symbolName(emoji);
  return src ? (
    <img className="cc-slots__symbol" src={src} alt={name} draggable={false} />
  ) : (
    <span role="img" aria-label={name}>
      {emoji}
    </span>
  );
}

/**
 * The 5×5 symbol grid; lit cells glow, vanished cells are empty. Drawn again only when its frame
 * or state changes: the game around it renders as the wallet's session and the bet panel arrive
 * after hydration, and 25 cells each time were half of those renders.
 */
export const SlotsGrid = memo(function SlotsGrid({
  frame,
  spinning,
  win,
}: {
  frame: Frame;
  spinning: boolean;
  win: boolean;
}) {
  return (
    <div
      className={`cc-slots__grid${spinning ? ' is-spinning' : ''}${win ? ' is-win' : ''}`}
      role="grid"
      aria-label="Slots grid"
      data-testid="slots-grid"
    >
      {[0, 1, 2, 3, 4].map((row) => (
        <div role="row" key={row} className="cc-slots__row">
          {frame.grid.slice(row * 5, row * 5 + 5).map((s, col) => {
            const i = row * 5 + col;
            return (
              <span
                role="gridcell"
                key={col}
                className={`cc-slots__cell${frame.lit.includes(i) ? ' is-lit' : ''}${s === null ? ' is-gone' : ''}`}
              >
                {s !== null && <SlotSymbol emoji={s} />}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
});
