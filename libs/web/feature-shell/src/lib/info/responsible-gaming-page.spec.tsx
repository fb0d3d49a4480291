import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { paytables } from '@cosmic/game-engine';
import type { PlayerLimits, UserDto } from '@cosmic/contracts';
import { api, createStore, walletActions, StoreProvider } from '@cosmic/web-data-access';
import { ODDS } from './odds';
import { ResponsibleGamingPage } from './responsible-gaming-page';

describe('ResponsibleGamingPage', () => {
  // no wallet connected in jsdom: the tools are shown but cannot be used yet
  beforeEach(async () => {
    const store = createStore();
    // the published paytables as GET /api/fairness/paytables answers them
    await store.dispatch(api.util.upsertQueryData('paytables' as never, undefined as never, paytables as never));
    render(
      <StoreProvider store={store}>
        <MemoryRouter>
          <ResponsibleGamingPage />
        </MemoryRouter>
      </StoreProvider>,
    );
  });

  it('has its title and the responsible-gaming warning', () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Responsible Gaming' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Play responsibly. Gambling can be addictive.');
  });

  it('renders the odds table from the ODDS constant, one row per bet', () => {
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(ODDS.length);
    ODDS.forEach((o, i) => {
      expect(within(rows[i]).getByRole('rowheader')).toHaveTextContent(o.game);
      expect(rows[i]).toHaveTextContent(o.chance);
      expect(rows[i]).toHaveTextContent(o.pays);
    });
    expect(within(table).getByRole('row', { name: /Nebula Dice Seven 16.7% \(6 in 36\) 4x/ })).toBeInTheDocument();
  });

  it('states the return to player of the shipped paytables, not placeholder figures', () => {
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    // dice pays 2x on 15 of 36 (low, high) and 4x on 6 of 36 (seven)
    expect(rows[0]).toHaveTextContent('83.33%');
    expect(rows[1]).toHaveTextContent('66.67%');
    expect(rows[2]).toHaveTextContent('83.33%');
    expect(rows[3]).toHaveTextContent(`${(paytables.plinko.low.rtp * 100).toFixed(2)}%`);
    expect(rows[6]).toHaveTextContent(`${(paytables.blackjack.rtp * 100).toFixed(2)}% with basic strategy`);
    expect(rows[7]).toHaveTextContent(`${(paytables.hilo.rtpPerStep * 100).toFixed(2)}% per guess`);
    expect(rows[8]).toHaveTextContent(`${(paytables.slots.rtp * 100).toFixed(2)}% simulated`);
    expect(screen.queryByText(/Placeholder figures/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Provably Fair' })).toHaveAttribute('href', '/fairness');
  });

  it('links the help organisations and the national helpline', () => {
    const help = screen.getByRole('list', { name: 'Help organisations' });
    expect(within(help).getByRole('link', { name: /BeGambleAware/ })).toHaveAttribute(
      'href',
      'https://www.begambleaware.org/',
    );
    expect(within(help).getByRole('link', { name: /GamCare/ })).toHaveAttribute('href', 'https://www.gamcare.org.uk/');
    expect(within(help).getByRole('link', { name: /Gamblers Anonymous/ })).toHaveAttribute(
      'href',
      'https://www.gamblersanonymous.org/',
    );
    expect(within(help).getByRole('link', { name: '0808 8020 133' })).toHaveAttribute('href', 'tel:+448088020133');
  });

  it('shows the player tools with every control disabled and the not-yet note', () => {
    const tools = screen.getByRole('region', { name: 'Player tools' });
    expect(within(tools).getByText(/Available once your account is connected/)).toBeInTheDocument();
    expect(within(tools).getByRole('heading', { name: 'Daily loss limit' })).toBeInTheDocument();
    expect(within(tools).getByRole('heading', { name: 'Self-exclusion' })).toBeInTheDocument();
    expect(within(tools).getByLabelText('Daily limit (HC)')).toBeDisabled();
    expect(within(tools).getByLabelText('Exclude me for')).toBeDisabled();
    const buttons = within(tools).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Save limit', 'Start self-exclusion']);
    buttons.forEach((b) => expect(b).toBeDisabled());
  });
});

describe('ResponsibleGamingPage with a pending limit change', () => {
  const GUEST = 'GUEST_1700000000000abcdef';
  const user = {
    id: '7',
    walletAddress: GUEST,
    username: 'cosmic_x',
    isGuest: true,
    aminaBalance: '0',
    houseBalance: '1000',
    ownershipVerified: false,
    nextAllowanceAt: null,
  } as UserDto;
  const limits = (over: Partial<PlayerLimits>): PlayerLimits => ({
    limits: [],
    left: { lossHC: '15', lossAMINA: null, wagerHC: null, wagerAMINA: null, depositAMINA: null },
    exclusion: null,
    depositLocked: null,
    dailyLossLimitHC: '20',
    dailyLossLimitAMINA: null,
    lostTodayHC: '5',
    lostTodayAMINA: '0',
    selfExcludedUntil: null,
    pendingLimitHC: null,
    pendingLimitAMINA: null,
    ...over,
  });

  /** Renders the page for a guest session whose limits are already cached (no network). */
  async function renderWith(l: PlayerLimits) {
    const store = createStore();
    store.dispatch(walletActions.sessionStarted({ user, kind: 'guest' }));
    await store.dispatch(api.util.upsertQueryData('getUser' as never, GUEST as never, user as never));
    await store.dispatch(api.util.upsertQueryData('playerLimits' as never, GUEST as never, l as never));
    await store.dispatch(api.util.upsertQueryData('paytables' as never, undefined as never, paytables as never));
    render(
      <StoreProvider store={store}>
        <MemoryRouter>
          <ResponsibleGamingPage />
        </MemoryRouter>
      </StoreProvider>,
    );
    return within(screen.getByRole('region', { name: 'Player tools' }));
  }

  it('shows a pending raise with the time left, while the current limit still applies', async () => {
    const tools = await renderWith(
      limits({
        pendingLimitHC: { value: '50', effectiveAt: new Date(Date.now() + (23 * 60 + 59) * 60_000).toISOString() },
      }),
    );
    expect(tools.getByTestId('loss-status')).toHaveTextContent('Limit 20 HC · lost today 5 HC');
    expect(tools.getByTestId('loss-pending')).toHaveTextContent('Raises to 50 HC in 23h 59m');
    expect(tools.getByRole('button', { name: 'Remove limit' })).toBeEnabled();
  });

  it('shows a pending removal with the time left, and no second removal', async () => {
    const tools = await renderWith(
      limits({ pendingLimitHC: { value: null, effectiveAt: new Date(Date.now() + 90 * 60_000).toISOString() } }),
    );
    expect(tools.getByTestId('loss-pending')).toHaveTextContent('Limit removed in 1h 30m');
    expect(tools.queryByRole('button', { name: 'Remove limit' })).toBeNull();
  });

  it('says raising and removing wait 24 hours, never that raising is impossible', async () => {
    const tools = await renderWith(limits({}));
    expect(tools.queryByTestId('loss-pending')).toBeNull();
    expect(
      tools.getByText(/Lowering a limit applies at once; raising or removing it takes effect 24 hours after you ask/),
    ).toBeInTheDocument();
    expect(tools.getByLabelText('Daily limit (HC)')).toBeEnabled();
  });
});

describe('ResponsibleGamingPage for a watch-only wallet (issue 37 item 6)', () => {
  const ADDRESS = 'HZ57J3K46JIJXILONBBZOHX6BKPXEM2VVXNRFSUED6DKFD5ZD24PMJ3MVA';
  const user = {
    id: '8',
    walletAddress: ADDRESS,
    username: 'cosmic_abcdefgh',
    isGuest: false,
    aminaBalance: '0',
    houseBalance: '1000',
    ownershipVerified: false,
    nextAllowanceAt: null,
  } as UserDto;

  it('does not ask for the limits (the API keeps them for the owner) and asks the visitor to sign in instead', async () => {
    const store = createStore();
    store.dispatch(walletActions.sessionStarted({ user, kind: 'manual' }));
    await store.dispatch(api.util.upsertQueryData('getUser' as never, ADDRESS as never, user as never));
    await store.dispatch(api.util.upsertQueryData('paytables' as never, undefined as never, paytables as never));
    render(
      <StoreProvider store={store}>
        <MemoryRouter>
          <ResponsibleGamingPage />
        </MemoryRouter>
      </StoreProvider>,
    );
    const tools = within(screen.getByRole('region', { name: 'Player tools' }));
    expect(
      tools.getByText(/Watch-only wallet: sign in with your wallet to see and set its limits/),
    ).toBeInTheDocument();
    expect(tools.getByLabelText('Daily limit (HC)')).toBeDisabled();
    expect(tools.getByRole('button', { name: 'Start self-exclusion' })).toBeDisabled();
    expect(Object.keys(store.getState().api.queries).filter((k) => k.startsWith('playerLimits'))).toEqual([]);
    tools.getByRole('button', { name: 'Sign in with wallet' }).click();
    expect(store.getState().wallet.signInRequested).toBe(true);
    expect(store.getState().toast.current).toBeNull();
  });
});
