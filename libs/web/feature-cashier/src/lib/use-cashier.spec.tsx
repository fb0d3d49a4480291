import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { api, createStore, walletActions, StoreProvider } from '@cosmic/web-data-access';
import type { UserDto } from '@cosmic/contracts';
import { depositProblem, txIdProblem, withdrawalLimitsHint, withdrawalProblem } from './cashier-rules';
import { useCashier } from './use-cashier';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const user = (over: Partial<UserDto> = {}): UserDto => ({
  id: '7',
  walletAddress: ADDRESS,
  username: 'cosmic_x',
  isGuest: false,
  aminaBalance: '1.5',
  houseBalance: '1000',
  ownershipVerified: true,
  nextAllowanceAt: null,
  ...over,
});

/** Renders the hook with a session for `u`, its user record already cached (no network). */
function setup(u: UserDto | null = user()) {
  const store = createStore();
  if (u) {
    store.dispatch(walletActions.sessionStarted({ user: u, kind: 'manual' }));
    // the cache entry the balance query reads, so nothing is fetched
    void store.dispatch(api.util.upsertQueryData('getUser' as never, u.walletAddress as never, u as never));
    void store.dispatch(
      api.util.upsertQueryData(
        'withdrawalLimits' as never,
        u.walletAddress as never,
        { minAmina: '0.001', dailyMaxAmina: '10', withdrawnTodayAmina: '0', remainingTodayAmina: '10' } as never,
      ),
    );
  }
  const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
  const view = renderHook(() => useCashier(), { wrapper });
  const toast = () => store.getState().toast.current;
  return { ...view, store, toast };
}

describe('cashier rules', () => {
  it.each([
    ['', 'Missing Amount', 'Please enter deposit amount'],
    ['   ', 'Missing Amount', 'Please enter deposit amount'],
    ['0', 'Invalid Amount', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
    ['10.00000001', 'Invalid Amount', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
    ['0.000000001', 'Invalid Amount', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
    ['-1', 'Invalid Amount', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
    ['abc', 'Invalid Amount', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
    ['1e2', 'Invalid Amount', 'Deposit amount must be between 0.00000001 and 10 AMINA'],
  ])('refuses a deposit of %j', (amount, title, description) => {
    expect(depositProblem(amount)).toEqual({ title, description });
  });

  it.each(['0.00000001', '10', '1', ' 2.5 '])('accepts a deposit of %j', (amount) => {
    expect(depositProblem(amount)).toBeNull();
  });

  it('needs a transaction id after signing', () => {
    expect(txIdProblem(' ')).toEqual({
      title: 'Missing Transaction ID',
      description: 'Please enter the transaction ID after signing',
    });
    expect(txIdProblem('ABC')).toBeNull();
  });

  it('checks a withdrawal: amount required, not above the balance, destination optional', () => {
    const balance = 150_000_000n;
    expect(withdrawalProblem('', '', balance)).toEqual({
      title: 'Missing Amount',
      description: 'Please enter withdrawal amount',
    });
    expect(withdrawalProblem('1.50000001', '', balance)).toEqual({
      title: 'Insufficient Balance',
      description: "You don't have enough AMINA tokens",
    });
    expect(withdrawalProblem('0', '', balance)?.title).toBe('Invalid Amount');
    expect(withdrawalProblem('x', '', balance)?.title).toBe('Invalid Amount');
    expect(withdrawalProblem('1.5', '', balance)).toBeNull();
    expect(withdrawalProblem('1', ADDRESS, balance)).toBeNull();
    expect(withdrawalProblem('1', 'not-an-address', balance)?.title).toBe('Invalid Address');
  });

  it("checks a withdrawal against the API's limits with its texts, and shows them as a hint", () => {
    const balance = 2_000_000_000n;
    const limits = { minAmina: '0.001', dailyMaxAmina: '10', withdrawnTodayAmina: '8.5', remainingTodayAmina: '1.5' };
    expect(withdrawalProblem('0.0009', '', balance, limits)).toEqual({
      title: 'Invalid Amount',
      description: 'Minimum withdrawal is 0.001 AMINA',
    });
    expect(withdrawalProblem('1.50000001', '', balance, limits)).toEqual({
      title: 'Daily Limit',
      description: 'Daily withdrawal limit is 10 AMINA: you can withdraw 1.5 more today (UTC)',
    });
    expect(withdrawalProblem('0.001', '', balance, limits)).toBeNull();
    expect(withdrawalProblem('1.5', '', balance, limits)).toBeNull();
    // the balance is told first, as the API does
    expect(withdrawalProblem('30', '', balance, limits)?.title).toBe('Insufficient Balance');
    expect(withdrawalLimitsHint(limits)).toBe('Minimum 0.001 AMINA · at most 10 AMINA a day (UTC): 1.5 left today.');
  });
});

describe('useCashier', () => {
  it('opens the crypto panel to a wallet: all of it once proven, deposits only while watch-only', () => {
    expect(setup(null).result.current.access).toBe('no-wallet');
    expect(setup(user({ isGuest: true, walletAddress: 'GUEST_1' })).result.current.access).toBe('no-wallet');
    expect(setup(user({ ownershipVerified: false })).result.current.access).toBe('watch-only');
    expect(setup().result.current.access).toBe('ready');
  });

  it("toasts 'Missing Amount' and 'Invalid Amount' and stays on the input step", async () => {
    const { result, toast } = setup();
    await act(() => result.current.deposit.buildTxn());
    expect(toast()).toMatchObject({
      title: 'Missing Amount',
      description: 'Please enter deposit amount',
      variant: 'error',
    });

    act(() => result.current.deposit.setAmount('11'));
    await act(() => result.current.deposit.buildTxn());
    expect(toast()).toMatchObject({
      title: 'Invalid Amount',
      description: 'Deposit amount must be between 0.00000001 and 10 AMINA',
    });
    expect(result.current.deposit.step).toBe('input');
  });

  it("toasts 'Missing Transaction ID' when notifying without one", async () => {
    const { result, toast } = setup();
    await act(() => result.current.deposit.submitPasted());
    expect(toast()).toMatchObject({
      title: 'Missing Transaction ID',
      description: 'Please enter the transaction ID after signing',
    });
  });

  it("refuses a withdrawal above the AMINA balance with 'Insufficient Balance'", async () => {
    const { result, toast } = setup();
    await waitFor(() => expect(result.current.wallet.balances.amina).toBe(150_000_000n));
    act(() => result.current.withdrawal.setAmount('2'));
    await act(() => result.current.withdrawal.send());
    expect(toast()).toMatchObject({ title: 'Insufficient Balance', description: "You don't have enough AMINA tokens" });

    act(() => result.current.withdrawal.setAmount(''));
    await act(() => result.current.withdrawal.send());
    expect(toast()).toMatchObject({ title: 'Missing Amount', description: 'Please enter withdrawal amount' });
  });
});
