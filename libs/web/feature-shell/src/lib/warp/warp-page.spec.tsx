import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { WarpPage } from './warp-page';
import { ACCELERATION_FRAMES, COMPLETE_MS, WARP_MS } from './warp-timeline';

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((q: string) => ({
    matches: reduce && q.includes('reduce'),
    media: q,
  })) as unknown as typeof window.matchMedia;
}

const renderWarp = () =>
  render(
    <MemoryRouter initialEntries={['/warp']}>
      <Routes>
        <Route path="/warp" element={<WarpPage />} />
        <Route path="/casino" element={<h1>Lobby</h1>} />
      </Routes>
    </MemoryRouter>,
  );

describe('WarpPage', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    // jsdom has no canvas; the scene must still run its timeline without one
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('accelerates for 120 frames, warps for 1 s, completes in 0.5 s, then lands on /casino', () => {
    setReducedMotion(false);
    renderWarp();
    expect(screen.getByRole('status')).toHaveTextContent('Accelerating…');
    expect(screen.getByRole('link', { name: 'Skip' })).toHaveAttribute('href', '/casino');
    act(() => void jest.advanceTimersByTime(ACCELERATION_FRAMES * 17));
    expect(screen.getByRole('status')).toHaveTextContent('Warp speed');
    expect(screen.getByTestId('warp-speed')).toHaveTextContent('9.9');
    act(() => void jest.advanceTimersByTime(WARP_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Arriving at the casino…');
    expect(screen.queryByRole('heading', { name: 'Lobby' })).toBeNull();
    act(() => void jest.advanceTimersByTime(COMPLETE_MS));
    expect(screen.getByRole('heading', { name: 'Lobby' })).toBeInTheDocument();
  });

  it('the speed counter climbs during acceleration', () => {
    setReducedMotion(false);
    renderWarp();
    act(() => void jest.advanceTimersByTime(60 * 17));
    const mid = Number(screen.getByTestId('warp-speed').textContent);
    expect(mid).toBeGreaterThan(1);
    expect(mid).toBeLessThan(9.9);
  });

  it('goes straight to /casino, without animating, when reduced motion is preferred', () => {
    setReducedMotion(true);
    const raf = jest.spyOn(window, 'requestAnimationFrame');
    renderWarp();
    expect(screen.getByRole('heading', { name: 'Lobby' })).toBeInTheDocument();
    expect(raf).not.toHaveBeenCalled();
  });
});
