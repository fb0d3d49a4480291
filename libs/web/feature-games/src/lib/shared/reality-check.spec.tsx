import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { api } from '@cosmic/web-data-access';
import { fakeApi, renderWithStore, signedIn, user } from '@cosmic/web-data-access/testing';
import { RealityCheckGate } from './reality-check';
import { realityCheckDue, setRealityCheckDue } from './reality-pause';

const session = (over: Record<string, unknown> = {}) => ({
  currency: 'HC',
  intervalSeconds: 900,
  startedAt: '2026-11-28T10:00:00.000Z',
  dueAt: '2026-11-28T10:15:00.000Z',
  due: true,
  elapsedSeconds: 905,
  net: '-1250',
  bets: 42,
  ...over,
});
const amina = { ...session({ currency: 'AMINA', intervalSeconds: 3600, due: false, startedAt: null, dueAt: null }) };

/** The API with one HC session in the given state; answers to the reality check end it being due. */
function serve(hc = session()) {
  let state = { sessions: [hc, amina], serverTime: '2026-11-28T10:15:05.000Z' };
  return fakeApi(({ path, method, body }) => {
    if (path !== '/api/responsible-gaming/reality-check') return undefined;
    if (method === 'POST') {
      const leave = (body as { action: string }).action === 'leave';
      state = {
        ...state,
        sessions: [session(leave ? { startedAt: null, dueAt: null, due: false } : { due: false }), amina],
      };
    }
    return { body: state };
  });
}
const render = () =>
  renderWithStore(
    <Routes>
      <Route path="/game/dice" element={<RealityCheckGate />} />
      <Route path="/casino" element={<p>lobby</p>} />
      <Route path="/responsible-gaming" element={<p>limits page</p>} />
    </Routes>,
    '/game/dice',
    signedIn(user({ isGuest: true, walletAddress: 'GUEST_1' }), 'guest'),
  );

describe('RealityCheckGate', () => {
  afterEach(() => setRealityCheckDue(false));

  it('a due check pauses play behind the dialog: the session time, its net result and bets', async () => {
    serve();
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(realityCheckDue()).toBe(true);
    expect(screen.getByTestId('reality-time')).toHaveTextContent(/^15m 0[5-9]s$/);
    expect(screen.getByTestId('reality-net')).toHaveTextContent('−1,250 HC');
    expect(screen.getByTestId('reality-bets')).toHaveTextContent('42');
    expect(dialog).toHaveTextContent('Net result (House Coins)');
  });

  it('Keep playing answers continue for that currency and lifts the pause', async () => {
    const calls = serve();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { walletAddress: 'GUEST_1', currency: 'HC', action: 'continue' },
    ]);
    expect(realityCheckDue()).toBe(false);
  });

  it.each([
    ['Leave', 'leave', 'lobby'],
    ['Set a limit', 'continue', 'limits page'],
  ])('%s answers %s and goes to the %s', async (button, action, page) => {
    const calls = serve();
    render();
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(page)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { action: string }).action)).toEqual([
      action,
    ]);
  });

  it('shows nothing while no check is due', async () => {
    const calls = serve(session({ due: false, dueAt: '2099-01-01T00:00:00.000Z' }));
    render();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(realityCheckDue()).toBe(false);
  });

  it('with no session going, asks again when a balance changes, not as the page opens', async () => {
    const idle = session({ due: false, startedAt: null, dueAt: null, elapsedSeconds: 0, net: '0', bets: 0 });
    let houseBalance = '1000';
    const calls = fakeApi(({ path }) => {
      if (path === '/api/responsible-gaming/reality-check')
        return { body: { sessions: [idle, amina], serverTime: '2026-11-28T10:15:05.000Z' } };
      if (path === '/api/users/GUEST_1')
        return { body: user({ isGuest: true, walletAddress: 'GUEST_1', houseBalance }) };
      return undefined;
    });
    const { store } = render();
    const asked = () => calls.filter((c) => c.path === '/api/responsible-gaming/reality-check').length;
    const users = () => calls.filter((c) => c.path === '/api/users/GUEST_1').length;
    // the first answer says HC has no session going, and the player's record came too: one question
    await waitFor(() => expect(asked()).toBe(1));
    await waitFor(() => expect(users()).toBe(1));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(asked()).toBe(1);
    // a bet elsewhere changed the HC balance: a session may have started
    houseBalance = '990';
    act(() => void store.dispatch(api.util.invalidateTags(['Balance'])));
    await waitFor(() => expect(users()).toBe(2));
    await waitFor(() => expect(asked()).toBe(2));
  });
});
