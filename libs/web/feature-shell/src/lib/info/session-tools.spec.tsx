import { ADDRESS, type FakeCall, fakeApi, signedIn, user } from '@cosmic/web-data-access/testing';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { PlaySession } from '@cosmic/contracts';
import { createStore, StoreProvider } from '@cosmic/web-data-access';
import { SessionTools } from './session-tools';

// The session clock on /responsible-gaming: each currency's session time (ticking every second,
// re-read from the API every 30 s) and its net result, formatted as the reality-check dialog does.

const T0 = Date.parse('2030-01-01T12:00:00.000Z');
const me = user({ ownershipVerified: true });

/**
 * The API as a server whose clock runs with the test's: the HC session started 12m 05s before T0
 * and has lost 1,250 HC over 7 bets; the AMINA session started 1h 01m 40s before T0, up 1,234.5 AMINA
 * on one bet. `over` changes an answer from then on.
 */
function serve(over: Partial<Record<'HC' | 'AMINA', Partial<PlaySession>>> = {}): FakeCall[] {
  const session = (currency: 'HC' | 'AMINA', startedAt: number, net: string, bets: number): PlaySession => ({
    currency,
    intervalSeconds: currency === 'HC' ? 900 : 3600,
    startedAt: new Date(startedAt).toISOString(),
    dueAt: new Date(startedAt + (currency === 'HC' ? 900 : 3600) * 1000).toISOString(),
    due: false,
    elapsedSeconds: Math.floor((Date.now() - startedAt) / 1000),
    net,
    bets,
    ...over[currency],
  });
  return fakeApi(({ method, path }) => {
    if (method === 'GET' && path === `/api/users/${ADDRESS}`) return { body: me };
    if (method === 'GET' && path === '/api/responsible-gaming/reality-check')
      return {
        body: {
          sessions: [session('HC', T0 - 725_000, '-1250', 7), session('AMINA', T0 - 3_700_000, '1234.5', 1)],
          serverTime: new Date().toISOString(),
        },
      };
    return undefined;
  });
}

/** What the clock says for House Coins and for AMINA. */
const clockReads = () => ['HC', 'AMINA'].map((c) => screen.getByTestId(`session-${c}`).textContent);

/** Lets `ms` of fake time pass, running the timers, the fetches they start and the renders they cause. */
const pass = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
/** The first answer arrives and is shown (the store tells the page at the next frame). */
const loaded = () => pass(100);

function renderTools(store = createStore()) {
  const ui = (shown: boolean) => (
    <StoreProvider store={store}>
      <MemoryRouter>{shown && <SessionTools />}</MemoryRouter>
    </StoreProvider>
  );
  const view = render(ui(true));
  return { store, hide: () => view.rerender(ui(false)), show: () => view.rerender(ui(true)) };
}

describe('SessionTools: the session clock', () => {
  beforeEach(() => jest.useFakeTimers({ now: T0, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it("asks for the player's sessions and shows each one's time, net result and bets", async () => {
    const calls = serve();
    const store = createStore();
    signedIn(me, 'pera')(store);
    renderTools(store);
    await loaded();
    const asked = calls.filter((c) => c.path === '/api/responsible-gaming/reality-check');
    expect(asked.map((c) => [c.method, c.query.get('walletAddress')])).toEqual([['GET', ADDRESS]]);
    expect(clockReads()).toEqual([
      'Session 12m 05s · net −1,250 HC · 7 bets',
      'Session 1h 01m · net +1,234.5 AMINA · 1 bet',
    ]);
  });

  it('ticks every second between reads, and takes the time the API says at each 30-second read', async () => {
    const calls = serve();
    const store = createStore();
    signedIn(me, 'pera')(store);
    renderTools(store);
    await loaded();
    await pass(1_000);
    expect(clockReads()[0]).toBe('Session 12m 06s · net −1,250 HC · 7 bets');
    await pass(54_000);
    expect(clockReads()[0]).toBe('Session 13m 00s · net −1,250 HC · 7 bets');
    // read again at 30 s (and the count the server gives then is not added to twice)
    expect(calls.filter((c) => c.path === '/api/responsible-gaming/reality-check')).toHaveLength(2);
    await pass(5 * 60_000);
    expect(clockReads()).toEqual([
      'Session 18m 00s · net −1,250 HC · 7 bets',
      'Session 1h 07m · net +1,234.5 AMINA · 1 bet',
    ]);
  });

  it('shows a changed net result from the next read: a lost session that turns to a win', async () => {
    serve();
    const store = createStore();
    signedIn(me, 'pera')(store);
    renderTools(store);
    await loaded();
    expect(clockReads()[0]).toBe('Session 12m 05s · net −1,250 HC · 7 bets');
    serve({ HC: { net: '2000', bets: 9 } });
    await pass(30_000);
    expect(clockReads()[0]).toBe('Session 12m 35s · net +2,000 HC · 9 bets');
    serve({ HC: { net: '0', bets: 10 } });
    await pass(30_000);
    expect(clockReads()[0]).toBe('Session 13m 05s · net 0 HC · 10 bets');
  });

  it('counts from when the answer was read, not from when the page was opened again (a cached answer)', async () => {
    serve();
    const store = createStore();
    signedIn(me, 'pera')(store);
    const page = renderTools(store);
    await loaded();
    expect(clockReads()[0]).toBe('Session 12m 05s · net −1,250 HC · 7 bets');
    // the player goes to play for ten minutes and comes back: the store still holds the old answer
    page.hide();
    await pass(10 * 60_000);
    page.show();
    expect(clockReads()[0]).toBe('Session 22m 05s · net −1,250 HC · 7 bets');
    await pass(1_000);
    expect(clockReads()[0]).toBe('Session 22m 06s · net −1,250 HC · 7 bets');
  });

  it('says when no session is going, and that House Coins have no clock while their checks are off', async () => {
    serve({
      HC: { intervalSeconds: null, startedAt: null, dueAt: null, elapsedSeconds: 0, net: '0', bets: 0 },
      AMINA: { startedAt: null, dueAt: null, elapsedSeconds: 0, net: '0', bets: 0 },
    });
    const store = createStore();
    signedIn(me, 'pera')(store);
    renderTools(store);
    await loaded();
    expect(clockReads()).toEqual(['No session clock while reality checks are off', 'No session going']);
    expect(screen.getByLabelText('Reality check every', { selector: '#reality-HC' })).toHaveValue('off');
  });
});
