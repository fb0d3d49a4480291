import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';
import type { BetValue } from '@cosmic/web-ui';
import { HOTKEYS_KEY } from './hotkeys';
import { usePlayerExtras } from './player-extras';
import type { SettledBet } from './session-stats';
import { SOUND_KEY } from './sound';

// jsdom has no matchMedia (Chartist reads it for its responsive options); a browser has
window.matchMedia ??= (media: string) => ({
  matches: false,
  media,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

const calls: string[] = [];
let settleNow: (bet: SettledBet | null) => void = () => undefined;

/** A game page in miniature: a bet amount, a main action that records a call, and the extras card. */
function Page({ locked = false, withAuto = true }: { locked?: boolean; withAuto?: boolean }) {
  const [value, setValue] = useState<BetValue>({ currency: 'HC', amount: 10n * COIN });
  const extras = usePlayerExtras({
    panel: { value, onChange: setValue, aminaBalance: 0n, hcBalance: 300n * COIN, aminaMaxLimit: COIN },
    betLocked: locked,
    placing: false,
    main: { help: 'Roll', run: () => calls.push('main') },
    ...(withAuto ? { auto: { help: 'Auto', run: () => calls.push('auto') } } : {}),
  });
  settleNow = extras.settle;
  return (
    <main>
      <output data-testid="amount">{String(value.amount / COIN)}</output>
      <input aria-label="Bet amount" />
      {extras.card}
    </main>
  );
}

const key = (k: string, code: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k, code });
const bet = (id: string, stake: bigint, payout: bigint, currency: 'HC' | 'AMINA' = 'HC'): SettledBet => ({
  id,
  currency,
  stake: stake * COIN,
  payout: payout * COIN,
});

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
});

describe('usePlayerExtras', () => {
  it('counts each settled bet once in the card, per currency, and Reset empties it', async () => {
    render(<Page />);
    act(() => {
      settleNow(bet('1', 10n, 20n));
      settleNow(bet('1', 10n, 20n));
      settleNow(bet('2', 25n, 0n));
      settleNow(null);
    });
    expect(screen.getByTestId('session-bets')).toHaveTextContent('2');
    expect(screen.getByTestId('session-wagered')).toHaveTextContent('35 HC');
    expect(screen.getByTestId('session-net')).toHaveTextContent('−15 HC');
    expect(screen.getByTestId('session-wins')).toHaveTextContent('1');
    expect(screen.getByTestId('session-losses')).toHaveTextContent('1');
    expect(
      screen.getByRole('img', { name: 'Net profit over 2 bets: now −15 HC, highest +10 HC, lowest −15 HC' }),
    ).toBeInTheDocument();
    // the chart's chunk arrives with the first bet and Chartist draws its SVG
    const chart = await screen.findByTestId('session-chart');
    await waitFor(() => expect(chart.querySelector('svg path.ct-line')).not.toBeNull());
    // an AMINA bet is kept apart; both played: the card offers both
    act(() => settleNow({ id: '3', currency: 'AMINA', stake: COIN / 100n, payout: 0n }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Session currency' })).getByRole('button', { name: 'AMINA' }),
    );
    expect(screen.getByTestId('session-net')).toHaveTextContent('−0.01 AMINA');
    fireEvent.click(screen.getByRole('button', { name: 'Reset stats' }));
    expect(screen.getByTestId('session-bets')).toHaveTextContent('0');
    expect(screen.getByRole('img', { name: 'No HC bets yet this session' })).toBeInTheDocument();
  });

  it('shortcuts are off until switched on (then kept), and S / D halve and double the bet within its range', () => {
    const { unmount } = render(<Page />);
    key('d', 'KeyD');
    key(' ', 'Space');
    expect(screen.getByTestId('amount')).toHaveTextContent('10');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('switch', { name: 'Shortcuts' }));
    expect(localStorage.getItem(HOTKEYS_KEY)).toBe('on');
    key('d', 'KeyD');
    expect(screen.getByTestId('amount')).toHaveTextContent('20');
    key('s', 'KeyS');
    key('s', 'KeyS');
    expect(screen.getByTestId('amount')).toHaveTextContent('5');
    for (let i = 0; i < 8; i++) key('d', 'KeyD');
    // the balance (300 HC) caps it, like the panel's Double
    expect(screen.getByTestId('amount')).toHaveTextContent('300');
    key(' ', 'Space');
    key('a', 'KeyA');
    expect(calls).toEqual(['main', 'auto']);
    unmount();
    // a new page keeps the choice; its shortcuts stop with the page
    render(<Page />);
    expect(screen.getByRole('switch', { name: 'Shortcuts' })).toBeChecked();
  });

  it('nothing fires while typing in a field, while the bet is locked, or while the help dialog is open; a game without autobet has no A', async () => {
    localStorage.setItem(HOTKEYS_KEY, 'on');
    render(<Page locked withAuto={false} />);
    const field = screen.getByLabelText('Bet amount');
    for (const [k, code] of [
      ['s', 'KeyS'],
      ['d', 'KeyD'],
      ['a', 'KeyA'],
      [' ', 'Space'],
    ])
      key(k, code, field);
    expect(calls).toEqual([]);
    key('d', 'KeyD');
    key('a', 'KeyA');
    expect(screen.getByTestId('amount')).toHaveTextContent('10');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByTestId('hotkeys-list')).toHaveTextContent('ANothing in this game');
    key(' ', 'Space');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    key(' ', 'Space');
    expect(calls).toEqual(['main']);
  });

  it('sound is off by default and its switch is kept in this browser', () => {
    render(<Page />);
    const sound = screen.getByRole('switch', { name: 'Sound' });
    expect(sound).not.toBeChecked();
    fireEvent.click(sound);
    expect(sound).toBeChecked();
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
  });
});
