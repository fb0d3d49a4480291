import { renderHook } from '@testing-library/react';
import { revealBlock, useRevealOnPlay } from './use-reveal-on-play';

// A 780 px phone screen whose top 116 px are under the sticky header.
describe('revealBlock', () => {
  it.each<[string, number, number, ScrollLogicalPosition | null]>([
    ['in full view', 120, 470, null],
    ['touching both edges', 116, 780, null],
    ['above, under the header (the phone bug)', -150, 200, 'nearest'],
    ['partly under the header', 60, 400, 'nearest'],
    ['below the screen', 700, 1000, 'nearest'],
    ['taller than the room below the header', -100, 700, 'start'],
  ])('%s', (_, top, bottom, block) => {
    expect(revealBlock(top, bottom, 780, 116)).toBe(block);
  });
});

describe('useRevealOnPlay', () => {
  const setup = (top: number, bottom: number, reduce = false) => {
    const el = document.createElement('div');
    el.style.scrollMarginTop = '116px';
    el.getBoundingClientRect = () => ({ top, bottom }) as DOMRect;
    el.scrollIntoView = jest.fn();
    window.matchMedia = ((q: string) => ({
      matches: reduce && q.includes('reduce'),
      media: q,
    })) as unknown as typeof window.matchMedia;
    window.innerHeight = 780;
    const hook = renderHook(
      ({ playing }) => {
        const ref = useRevealOnPlay<HTMLDivElement>(playing);
        (ref as { current: HTMLDivElement }).current = el;
        return ref;
      },
      { initialProps: { playing: false } },
    );
    return { el, hook };
  };

  it('scrolls a board above the screen into view, smoothly, when a round starts', () => {
    const { el, hook } = setup(-150, 200);
    expect(el.scrollIntoView).not.toHaveBeenCalled();
    hook.rerender({ playing: true });
    expect(el.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior: 'smooth' });
  });

  it('jumps instead of gliding when the player asked for less motion', () => {
    const { el, hook } = setup(-150, 200, true);
    hook.rerender({ playing: true });
    expect(el.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior: 'auto' });
  });

  it('leaves the page alone when the board is in view, and when the round ends', () => {
    const { el, hook } = setup(120, 470);
    hook.rerender({ playing: true });
    hook.rerender({ playing: false });
    expect(el.scrollIntoView).not.toHaveBeenCalled();
  });
});
