import { render, screen, within } from '@testing-library/react';
import { SLOTS_MODEL } from '@cosmic/game-engine';
import { emojiArt } from './slots-art';
import type { Frame } from './slots-frames';
import { SlotsGrid } from './slots-grid';

// each cell's picture is looked up when the cell renders: the count says how many cells were drawn
jest.mock('./slots-art', () => {
  const actual = jest.requireActual<typeof import('./slots-art')>('./slots-art');
  return { ...actual, emojiArt: jest.fn(actual.emojiArt) };
});

const symbols = SLOTS_MODEL.symbols;
// every symbol of the model at least twice
const grid = Array.from({ length: 25 }, (_, i) => symbols[i % symbols.length].emoji);
const frame = (g: (string | null)[], lit: number[] = []): Frame => ({ grid: g, lit, ms: 0 });

describe('SlotsGrid', () => {
  it('renders 25 gridcells in 5 rows, each a Twemoji picture named by the model', () => {
    render(<SlotsGrid frame={frame(grid)} spinning={false} win={false} />);
    const table = screen.getByRole('grid', { name: 'Slots grid' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const cells = within(table).getAllByRole('gridcell');
    expect(cells).toHaveLength(25);
    cells.forEach((cell, i) => {
      const s = symbols[i % symbols.length];
      expect(cell).toHaveAccessibleName(s.name);
      expect(within(cell).getByRole('img', { name: s.name })).toHaveAttribute('src', expect.stringMatching(/\.svg$/));
      expect(cell).not.toHaveTextContent(s.emoji); // no emoji text left to fall back to tofu
    });
  });

  it('a vanished cell stays an empty gridcell; lit cells are marked', () => {
    const vanished = grid.map((s, i) => (i >= 5 && i < 10 ? null : s));
    render(<SlotsGrid frame={frame(vanished, [0, 1])} spinning={false} win={false} />);
    const cells = screen.getAllByRole('gridcell');
    expect(cells).toHaveLength(25);
    expect(screen.getAllByRole('img')).toHaveLength(20);
    for (const cell of cells.slice(5, 10)) {
      expect(cell).toBeEmptyDOMElement();
      expect(cell).toHaveClass('is-gone');
    }
    expect(cells.filter((c) => c.classList.contains('is-lit'))).toEqual(cells.slice(0, 2));
  });

  it('is drawn again only when its frame or state changes, not when the game around it renders', () => {
    const drawn = jest.mocked(emojiArt);
    drawn.mockClear();
    const first = frame(grid);
    const { rerender } = render(<SlotsGrid frame={first} spinning={false} win={false} />);
    expect(drawn).toHaveBeenCalledTimes(25);
    rerender(<SlotsGrid frame={first} spinning={false} win={false} />);
    expect(drawn).toHaveBeenCalledTimes(25);
    rerender(<SlotsGrid frame={first} spinning win={false} />);
    expect(drawn).toHaveBeenCalledTimes(50);
    rerender(<SlotsGrid frame={frame(grid, [3])} spinning win={false} />);
    expect(drawn).toHaveBeenCalledTimes(75);
    expect(screen.getAllByRole('gridcell')[3]).toHaveClass('is-lit');
  });
});
