import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { UserDto, WithdrawalStatusResponse } from '@cosmic/contracts';
import {
  createStore,
  registerWalletApp,
  type SignInChallenge,
  type SignInProof,
  WALLET_CANCELLED,
  type WalletApp,
  type WalletKind,
  walletActions,
  StoreProvider,
} from '@cosmic/web-data-access';
import { type FakeCall, type FakeHandler, fakeApi } from '@cosmic/web-data-access/testing';
import { CashierPage } from './cashier-page';

// The cashier at its interface: the page as the player sees it, the API faked at fetch, and the
// wallet app as data-access registers it (use-wallet behind it): a fake that records what it is
// asked to sign.

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const OTHER = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA';
const TXID = 'TXIDTXIDTXIDTXIDTXIDTXIDTXIDTXIDTXIDTXIDTXIDTXIDTXID';
// the deposit transfer the server built (bytes 0x89 0xa3 0x61 0x6d 0x74 …), and what the wallet returns for it
const BUILT = { txnB64: 'iaNhbXTOBfXhAA==', intentId: 'i-1', note: 'amina:dep:i-1', amount: '1' };
const BUILT_BYTES = Uint8Array.from(atob(BUILT.txnB64), (c) => c.charCodeAt(0));
const SIGNED_BYTES = Uint8Array.from([0x82, 0xa3, 0x73, 0x69, 0x67, 0xc4, 0x40, 1, 2, 3]);
const SIGNED_B64 = btoa(String.fromCharCode(...SIGNED_BYTES));
const CHALLENGE: SignInChallenge = {
  challengeId: '0b6f9c1e-8a59-4a0f-9d2e-6f1d2c3b4a59',
  message: JSON.stringify({ statement: `Withdraw 0.5 AMINA from Cosmic Casino to ${OTHER}.` }),
  txnB64: 'AQID',
  arc60: { data: 'e30=', domain: 'casino.test', authenticatorData: 'YWJj' },
  expiresAt: '2030-01-01T00:00:00Z',
};
const PROOF: SignInProof = { signedTxnB64: 'c2lnbmVkLWNoYWxsZW5nZQ==' };

const user = (over: Partial<UserDto> = {}): UserDto => ({
  id: '7',
  walletAddress: ADDRESS,
  username: 'cosmic_x',
  isGuest: false,
  aminaBalance: '5',
  houseBalance: '1000',
  ownershipVerified: true,
  nextAllowanceAt: null,
  ...over,
});

/** A wallet app as registered by the wallet widget; records every signing request. */
function fakeWalletApp(over: Partial<WalletApp> = {}) {
  const asked: Uint8Array[][] = [];
  const challenges: SignInChallenge[] = [];
  const app: WalletApp = {
    name: 'Pera',
    address: ADDRESS,
    signTransactions: async (txns) => {
      asked.push(txns);
      return [SIGNED_BYTES];
    },
    signChallenge: async (c) => {
      challenges.push(c);
      return PROOF;
    },
    disconnect: () => undefined,
    ...over,
  };
  return { app, asked, challenges };
}

/** The API: the user, an empty history, limits, and the routes a test adds. */
function serve(u: UserDto, routes: FakeHandler = () => undefined): FakeCall[] {
  return fakeApi((call) => {
    const own = routes(call);
    if (own) return own;
    if (call.path === `/api/users/${ADDRESS}`) return { body: u };
    if (call.path === '/api/crypto/transactions') return { body: [] };
    if (call.path === '/api/crypto/withdraw/limits')
      return { body: { minAmina: '0.001', dailyMaxAmina: '10', withdrawnTodayAmina: '0', remainingTodayAmina: '10' } };
    return undefined;
  });
}

function renderCashier(u: UserDto, kind: WalletKind, app?: WalletApp) {
  const store = createStore();
  store.dispatch(walletActions.sessionStarted({ user: u, kind }));
  if (app) registerWalletApp(kind, app);
  render(
    <StoreProvider store={store}>
      <MemoryRouter>
        <CashierPage />
      </MemoryRouter>
    </StoreProvider>,
  );
  const toast = () => store.getState().toast.current;
  return { store, toast };
}

const posts = (calls: FakeCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const panel = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('.cc-card') as HTMLElement;
const deposit = () => panel('Deposit AMINA');
const withdrawPanel = () => panel('Withdraw AMINA');

beforeEach(() => localStorage.clear());

describe('deposit signed by the connected wallet app', () => {
  const depositRoutes: FakeHandler = ({ path }) => {
    if (path === '/api/crypto/build-deposit') return { body: BUILT };
    if (path === '/api/crypto/submit-deposit') return { body: { txId: TXID } };
    if (path === '/api/crypto/notify-deposit') return { body: { txId: TXID, status: 'credited', amount: '1' } };
    return undefined;
  };

  it("'Deposit': the server's transfer goes to the wallet byte for byte, the signed bytes are submitted and the deposit notified", async () => {
    const calls = serve(user(), depositRoutes);
    const { app, asked } = fakeWalletApp();
    const { toast } = renderCashier(user(), 'pera', app);
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    expect(within(deposit()).getByText(/Your Pera Wallet signs the transfer\./)).toBeInTheDocument();
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Deposit' }));

    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Deposit Submitted',
        description: '1 AMINA credited',
        variant: 'success',
      }),
    );
    expect(posts(calls, '/api/crypto/build-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, amount: '1' },
    ]);
    expect(asked).toEqual([[BUILT_BYTES]]);
    expect(posts(calls, '/api/crypto/submit-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, signedTxnB64: SIGNED_B64 },
    ]);
    expect(posts(calls, '/api/crypto/notify-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, txId: TXID },
    ]);
    expect(screen.getByTestId('deposit-status')).toHaveTextContent('Credited');
    expect(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' })).toHaveValue('');
  });

  it("refused in the wallet: 'Transaction cancelled in your wallet', nothing submitted; the transfer stays to sign again or to paste a txid", async () => {
    const calls = serve(user(), depositRoutes);
    const { app, asked } = fakeWalletApp();
    app.signTransactions = async (txns) => {
      asked.push(txns);
      throw new Error(WALLET_CANCELLED); // what the connector makes of the wallet's refusal
    };
    const { toast } = renderCashier(user(), 'pera', app);
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Deposit' }));

    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Deposit Failed',
        description: 'Transaction cancelled in your wallet',
        variant: 'error',
      }),
    );
    expect(asked).toEqual([[BUILT_BYTES]]);
    expect(posts(calls, '/api/crypto/submit-deposit')).toEqual([]);
    expect(within(deposit()).getByRole('button', { name: 'Sign with Pera Wallet' })).toBeEnabled();
    expect(
      within(deposit()).getByRole('textbox', { name: 'Signed transaction or its transaction ID' }),
    ).toBeInTheDocument();
  });

  it('the wallet app has another account active: says so and asks it nothing', async () => {
    const calls = serve(user(), depositRoutes);
    const { app, asked } = fakeWalletApp({ address: OTHER });
    const { toast } = renderCashier(user(), 'pera', app);
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Deposit' }));
    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Deposit Failed',
        description: 'Pera Wallet has BBBBBB…BBBA active, not AAAAAA…HFKQ: switch to AAAAAA…HFKQ in the wallet',
      }),
    );
    expect(asked).toEqual([]);
    expect(posts(calls, '/api/crypto/submit-deposit')).toEqual([]);
  });

  it('the wallet app is no longer connected: says so', async () => {
    serve(user(), depositRoutes);
    const { toast } = renderCashier(user(), 'defly', fakeWalletApp({ name: 'Defly', address: null }).app);
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Deposit' }));
    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Deposit Failed',
        description: 'Defly Wallet is not connected: connect it again from the wallet menu',
      }),
    );
  });

  it('issue 40: one Deposit action; "Sign elsewhere?" builds the transfer, and the signed bytes pasted back are submitted and notified', async () => {
    const calls = serve(user(), depositRoutes);
    const { app, asked } = fakeWalletApp();
    const { toast } = renderCashier(user(), 'pera', app);
    const buttons = within(deposit())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Deposit', 'Sign elsewhere? Paste a signed transaction']);
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Sign elsewhere? Paste a signed transaction' }));
    const pasted = await within(deposit()).findByRole('textbox', { name: 'Signed transaction or its transaction ID' });
    expect(within(deposit()).getByRole('textbox', { name: 'Transaction to sign (base64)' })).toHaveValue(BUILT.txnB64);
    // signed elsewhere, copied from a terminal that wrapped it
    fireEvent.change(pasted, { target: { value: ` ${SIGNED_B64.slice(0, 6)}\n${SIGNED_B64.slice(6)} ` } });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(toast()).toMatchObject({ title: 'Deposit Submitted', description: '1 AMINA credited' }));
    expect(asked).toEqual([]);
    expect(posts(calls, '/api/crypto/submit-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, signedTxnB64: SIGNED_B64 },
    ]);
    expect(posts(calls, '/api/crypto/notify-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, txId: TXID },
    ]);
  });

  it('a pasted transaction ID (sent elsewhere) is notified, not submitted', async () => {
    const calls = serve(user(), depositRoutes);
    const { toast } = renderCashier(user(), 'pera', fakeWalletApp().app);
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Sign elsewhere? Paste a signed transaction' }));
    fireEvent.change(
      await within(deposit()).findByRole('textbox', { name: 'Signed transaction or its transaction ID' }),
      { target: { value: TXID } },
    );
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(toast()).toMatchObject({ title: 'Deposit Submitted' }));
    expect(posts(calls, '/api/crypto/submit-deposit')).toEqual([]);
    expect(posts(calls, '/api/crypto/notify-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, txId: TXID },
    ]);
  });

  it('without a wallet app (a typed address) the one Deposit shows the transfer to sign elsewhere', async () => {
    serve(user(), depositRoutes);
    renderCashier(user(), 'manual');
    expect(within(deposit()).queryByRole('button', { name: /Create Deposit Transaction|Sign elsewhere/ })).toBeNull();
    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Deposit' }));
    expect(await within(deposit()).findByRole('textbox', { name: 'Transaction to sign (base64)' })).toHaveValue(
      BUILT.txnB64,
    );
    expect(within(deposit()).queryByRole('button', { name: /^Sign with/ })).toBeNull();
  });
});

describe('watch-only wallet (issue 26 item 10)', () => {
  it('may deposit (anyone may pay into an account) but withdraws only after signing in', async () => {
    const calls = serve(user({ ownershipVerified: false }), ({ path }) => {
      if (path === '/api/crypto/build-deposit') return { body: BUILT };
      if (path === '/api/crypto/submit-deposit') return { body: { txId: TXID } };
      if (path === '/api/crypto/notify-deposit') return { body: { txId: TXID, status: 'pending' } };
      return undefined;
    });
    const { store, toast } = renderCashier(
      user({ ownershipVerified: false }),
      'lute',
      fakeWalletApp({ name: 'Lute' }).app,
    );
    expect(screen.queryByText(/Connect an Algorand wallet/)).toBeNull();
    expect(
      within(withdrawPanel()).getByText(/This wallet is watch-only: sign in with it to withdraw AMINA/),
    ).toBeInTheDocument();
    expect(within(withdrawPanel()).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(withdrawPanel()).getByRole('button', { name: 'Sign in with wallet' }));
    expect(store.getState().wallet.signInRequested).toBe(true);

    fireEvent.change(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Deposit' }));
    await waitFor(() =>
      expect(toast()).toMatchObject({ title: 'Deposit Submitted', description: 'It will be credited when confirmed' }),
    );
    expect(posts(calls, '/api/crypto/submit-deposit').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, signedTxnB64: SIGNED_B64 },
    ]);
    expect(calls.some((c) => c.path.startsWith('/api/crypto/withdraw'))).toBe(false);
    // issue 37 item 6: its history and limits are the owner's (403): not asked for, and the card says why
    expect(screen.getByTestId('cashier-history-watch-only')).toHaveTextContent(
      'This wallet is watch-only: sign in with it to see its deposits and withdrawals.',
    );
    expect(calls.some((c) => c.path === '/api/crypto/transactions')).toBe(false);
    expect(calls.some((c) => c.path === '/api/responsible-gaming/limits')).toBe(false);
    expect(toast()?.variant).not.toBe('error');
  });

  it('a guest is asked to connect a wallet, with no panel', () => {
    serve(user());
    renderCashier(user({ isGuest: true, walletAddress: 'GUEST_1' }), 'guest');
    expect(screen.getByText(/Connect an Algorand wallet to deposit and withdraw AMINA/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deposit AMINA' })).toBeNull();
  });
});

describe('withdrawal to another address, signed by the wallet', () => {
  const fill = (amount: string, to: string) => {
    fireEvent.change(within(withdrawPanel()).getByRole('textbox', { name: 'Withdrawal amount (AMINA)' }), {
      target: { value: amount },
    });
    fireEvent.change(within(withdrawPanel()).getByRole('textbox', { name: 'Destination address (optional)' }), {
      target: { value: to },
    });
    fireEvent.click(within(withdrawPanel()).getByRole('button', { name: 'Withdraw' }));
  };
  const routes: FakeHandler = ({ path }) => {
    if (path === '/api/crypto/withdraw/challenge') return { body: CHALLENGE };
    if (path === '/api/crypto/withdraw')
      return { body: { status: 'sent', txId: TXID, message: 'sent', withdrawalId: '12' } };
    return undefined;
  };

  it('the wallet app signs the challenge naming destination and amount; the withdrawal carries it', async () => {
    const calls = serve(user(), routes);
    const { app, challenges, asked } = fakeWalletApp();
    const { toast } = renderCashier(user(), 'pera', app);
    await screen.findByText(/10 left today/);
    fill('0.5', OTHER);
    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Withdrawal Sent',
        description: `0.5 AMINA sent. Transaction ID: ${TXID}`,
      }),
    );
    expect(posts(calls, '/api/crypto/withdraw/challenge').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, amount: '0.5', toAddress: OTHER },
    ]);
    expect(challenges).toEqual([CHALLENGE]);
    expect(asked).toEqual([]);
    expect(posts(calls, '/api/crypto/withdraw').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, amount: '0.5', toAddress: OTHER, challengeId: CHALLENGE.challengeId, ...PROOF },
    ]);
  });

  it("refused in the wallet: 'Withdrawal Failed' with 'Transaction cancelled in your wallet', nothing withdrawn", async () => {
    const calls = serve(user(), routes);
    const { toast } = renderCashier(
      user(),
      'pera',
      fakeWalletApp({ signChallenge: async () => Promise.reject(new Error(WALLET_CANCELLED)) }).app,
    );
    await screen.findByText(/10 left today/);
    fill('0.5', OTHER);
    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Withdrawal Failed',
        description: 'Transaction cancelled in your wallet',
      }),
    );
    expect(posts(calls, '/api/crypto/withdraw')).toEqual([]);
  });

  it('to the own wallet no challenge is asked', async () => {
    const calls = serve(user(), routes);
    const { toast } = renderCashier(user(), 'pera', fakeWalletApp().app);
    await screen.findByText(/10 left today/);
    fill('0.5', '');
    await waitFor(() => expect(toast()?.title).toBe('Withdrawal Sent'));
    expect(posts(calls, '/api/crypto/withdraw/challenge')).toEqual([]);
    expect(posts(calls, '/api/crypto/withdraw').map((c) => c.body)).toEqual([
      { walletAddress: ADDRESS, amount: '0.5' },
    ]);
  });

  it('without a wallet app: the challenge transaction is shown to sign elsewhere, and the pasted signature is sent', async () => {
    const calls = serve(user(), routes);
    const { toast } = renderCashier(user(), 'manual');
    await screen.findByText(/10 left today/);
    fill('0.5', OTHER);
    expect(
      await within(withdrawPanel()).findByText(`Withdraw 0.5 AMINA from Cosmic Casino to ${OTHER}.`),
    ).toBeInTheDocument();
    expect(
      within(withdrawPanel()).getByRole('textbox', { name: 'Withdrawal to sign (base64, never valid on chain)' }),
    ).toHaveValue('AQID');
    fireEvent.click(within(withdrawPanel()).getByRole('button', { name: 'Send Withdrawal' }));
    await waitFor(() =>
      expect(toast()).toMatchObject({
        title: 'Missing Signature',
        description: 'Paste the signed withdrawal transaction (base64)',
      }),
    );
    fireEvent.change(within(withdrawPanel()).getByRole('textbox', { name: 'Signed withdrawal (base64)' }), {
      target: { value: ' c2lnbmVk ' },
    });
    fireEvent.click(within(withdrawPanel()).getByRole('button', { name: 'Send Withdrawal' }));
    await waitFor(() => expect(toast()?.title).toBe('Withdrawal Sent'));
    expect(posts(calls, '/api/crypto/withdraw').map((c) => c.body)).toEqual([
      {
        walletAddress: ADDRESS,
        amount: '0.5',
        toAddress: OTHER,
        challengeId: CHALLENGE.challengeId,
        signedTxnB64: 'c2lnbmVk',
      },
    ]);
  });
});

describe('a withdrawal whose outcome is open (issue 26 item 9)', () => {
  const status = (over: Partial<WithdrawalStatusResponse>): WithdrawalStatusResponse => ({
    withdrawalId: '12',
    status: 'sending',
    amount: '0.5',
    toAddress: ADDRESS,
    txId: TXID,
    ...over,
  });

  async function pendingThen(final: WithdrawalStatusResponse) {
    let polls = 0;
    const calls = serve(user(), ({ path }) => {
      if (path === '/api/crypto/withdraw')
        return {
          body: {
            status: 'pending',
            txId: TXID,
            message: 'Withdrawal of 0.5 AMINA is being sent; it will confirm shortly',
            withdrawalId: '12',
          },
        };
      if (path === '/api/crypto/withdrawals/12') return { body: ++polls < 2 ? status({}) : final };
      return undefined;
    });
    const view = renderCashier(user(), 'pera', fakeWalletApp().app);
    await screen.findByText(/10 left today/);
    fireEvent.change(within(withdrawPanel()).getByRole('textbox', { name: 'Withdrawal amount (AMINA)' }), {
      target: { value: '0.5' },
    });
    fireEvent.click(within(withdrawPanel()).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(view.toast()).toMatchObject({
        title: 'Withdrawal Pending',
        description: `0.5 AMINA is on its way. Transaction ID: ${TXID}`,
      }),
    );
    const line = screen.getByTestId('withdrawal-status');
    expect(line).toHaveTextContent(
      `Withdrawal Pending 0.5 AMINA is on its way; waiting for the chain to confirm it.Transaction ID: ${TXID}`,
    );
    return { ...view, calls, line, polls: () => polls };
  }

  it("shows 'Withdrawal Pending' with the transaction id, never 'Failed', and turns into 'Withdrawal Sent' when the poll says confirmed", async () => {
    const { toast, line, calls, polls } = await pendingThen(status({ status: 'confirmed' }));
    await waitFor(() => expect(line).toHaveTextContent('Withdrawal Sent 0.5 AMINA sent.'), { timeout: 8000 });
    expect(toast()).toMatchObject({
      title: 'Withdrawal Sent',
      description: `0.5 AMINA sent. Transaction ID: ${TXID}`,
      variant: 'success',
    });
    const asked = polls();
    expect(asked).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 3500));
    expect(polls()).toBe(asked); // settled: no more polling
    expect(calls.filter((c) => c.path === '/api/crypto/withdrawals/12').every((c) => c.method === 'GET')).toBe(true);
  }, 15000);

  it('a refund says the amount is back in the balance, with the reason', async () => {
    const { toast, line } = await pendingThen(status({ status: 'refunded', reason: 'expired without confirmation' }));
    await waitFor(
      () =>
        expect(line).toHaveTextContent(
          'Withdrawal Refunded 0.5 AMINA is back in your balance: the transfer expired without confirmation.',
        ),
      { timeout: 8000 },
    );
    expect(toast()).toMatchObject({
      title: 'Withdrawal Refunded',
      description: '0.5 AMINA is back in your balance: the transfer expired without confirmation',
      variant: 'error',
    });
  }, 15000);
});

describe('a self-excluded player (issue 29 item 10)', () => {
  const limits = (selfExcludedUntil: string | null) => ({
    dailyLossLimitHC: null,
    dailyLossLimitAMINA: null,
    lostTodayHC: '0',
    lostTodayAMINA: '0',
    selfExcludedUntil,
    pendingLimitHC: null,
    pendingLimitAMINA: null,
  });

  it('is offered no deposit: the card says why and until when, links to the settings, and withdrawing stays open', async () => {
    const calls = serve(user(), ({ path }) =>
      path === '/api/responsible-gaming/limits' ? { body: limits('2030-01-02T03:04:05.000Z') } : undefined,
    );
    renderCashier(user(), 'pera', fakeWalletApp().app);
    expect(await within(deposit()).findByTestId('deposit-excluded')).toHaveTextContent(
      'You are self-excluded until 2030-01-02 03:04 UTC: deposits are blocked until then. What is in your account can still be withdrawn.',
    );
    expect(within(deposit()).getByRole('link', { name: 'Responsible gaming settings' })).toHaveAttribute(
      'href',
      '/responsible-gaming',
    );
    expect(within(deposit()).queryByRole('textbox', { name: 'Deposit amount (AMINA)' })).toBeNull();
    expect(within(deposit()).queryByRole('button', { name: /Deposit|Create Deposit Transaction/ })).toBeNull();
    expect(within(withdrawPanel()).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(posts(calls, '/api/crypto/build-deposit')).toEqual([]);
  });

  it('an exclusion that has ended offers deposits again', async () => {
    const calls = serve(user(), ({ path }) =>
      path === '/api/responsible-gaming/limits' ? { body: limits('2020-01-01T00:00:00.000Z') } : undefined,
    );
    renderCashier(user(), 'pera', fakeWalletApp().app);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/responsible-gaming/limits')).toBe(true));
    expect(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' })).toBeInTheDocument();
    expect(within(deposit()).queryByTestId('deposit-excluded')).toBeNull();
  });
});

describe('the deposit-limit prompt before the first AMINA deposit (issue 41)', () => {
  const limits = (deposit: string | null) => ({
    limits: [
      { kind: 'deposit', currency: 'AMINA', period: '7d', limit: deposit, used: '0', left: deposit, pending: null },
    ],
    selfExcludedUntil: null,
  });
  const prompt = () => within(deposit()).queryByTestId('deposit-limit-prompt');
  afterEach(() => localStorage.clear());

  it('offers a limit above the deposit form; setting one posts it and the prompt goes', async () => {
    const calls = serve(user(), ({ path, method }) =>
      path === '/api/responsible-gaming/limits'
        ? { body: method === 'POST' ? { ...limits('1.5'), message: 'ok' } : limits(null) }
        : undefined,
    );
    renderCashier(user(), 'pera', fakeWalletApp().app);
    await waitFor(() => expect(prompt()).not.toBeNull());
    expect(within(deposit()).getByRole('textbox', { name: 'Deposit amount (AMINA)' })).toBeInTheDocument();
    fireEvent.change(within(deposit()).getByLabelText('Deposit limit (AMINA)'), { target: { value: '1.5' } });
    fireEvent.change(within(deposit()).getByLabelText('Over'), { target: { value: '7d' } });
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(posts(calls, '/api/responsible-gaming/limits')).toHaveLength(1));
    expect(posts(calls, '/api/responsible-gaming/limits')[0].body).toEqual({
      walletAddress: ADDRESS,
      limits: [{ kind: 'deposit', currency: 'AMINA', period: '7d', value: '1.5' }],
    });
    await waitFor(() => expect(prompt()).toBeNull());
  });

  it('Skip for now hides it, and it stays hidden for that wallet', async () => {
    serve(user(), ({ path }) => (path === '/api/responsible-gaming/limits' ? { body: limits(null) } : undefined));
    renderCashier(user(), 'pera', fakeWalletApp().app);
    await waitFor(() => expect(prompt()).not.toBeNull());
    fireEvent.click(within(deposit()).getByRole('button', { name: 'Skip for now' }));
    expect(prompt()).toBeNull();
    expect(localStorage.getItem(`cc-deposit-limit-prompt-skipped:${ADDRESS}`)).toBe('1');
  });

  it.each([
    ['a deposit limit is set', limits('1.5'), []],
    ['a deposit was made before', limits(null), [{ kind: 'deposit', id: 'd-1', amount: '1', status: 'credited' }]],
  ])('is not offered when %s', async (_why, body, history) => {
    const calls = serve(user(), ({ path }) =>
      path === '/api/responsible-gaming/limits'
        ? { body }
        : path === '/api/crypto/transactions'
          ? { body: history }
          : undefined,
    );
    renderCashier(user(), 'pera', fakeWalletApp().app);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/crypto/transactions')).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/responsible-gaming/limits')).toBe(true));
    await new Promise((done) => setTimeout(done, 50));
    expect(prompt()).toBeNull();
  });
});
