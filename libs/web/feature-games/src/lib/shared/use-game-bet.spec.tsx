import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { BASE_UNITS_PER_COIN as COIN, SLOTS_MODEL } from '@cosmic/game-engine';
import type { UserDto } from '@cosmic/contracts';
import { createStore, walletActions, StoreProvider } from '@cosmic/web-data-access';
import { type FakeCall, type FakeHandler, fakeApi } from '@cosmic/web-data-access/testing';
import { useBlackjack } from '../blackjack/use-blackjack';
import { useDice } from '../dice/use-dice';
import { useHilo } from '../hilo/use-hilo';
import { PLINKO_FAILED, usePlinko } from '../plinko/use-plinko';
import { BONUS_PRICE, useSlots } from '../slots/use-slots';

// Issue 26 items 4 and 6, issue 29 items 1 and 5: what a play button does before and after its call.

const GUEST = 'GUEST_1700000000000abcdefghi';
const guest = (houseBalance: string): UserDto => ({
  id: '7',
  walletAddress: GUEST,
  username: 'cosmic_abcdefghi',
  isGuest: true,
  aminaBalance: '0',
  houseBalance,
  ownershipVerified: false,
  nextAllowanceAt: null,
});

/** A guest with `houseBalance` HC; `games` answers the game calls (and may hold back the record); every call is recorded. */
function setup<T>(hook: () => T, houseBalance: string, games: FakeHandler = () => undefined) {
  const calls = fakeApi(
    (call) =>
      games(call) ??
      (call.method === 'GET' && call.path === `/api/users/${GUEST}` ? { body: guest(houseBalance) } : undefined),
  );
  const store = createStore();
  store.dispatch(walletActions.sessionStarted({ user: guest(houseBalance), kind: 'manual' }));
  const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
  const rendered = renderHook(hook, { wrapper });
  const toast = () => store.getState().toast.current;
  return { ...rendered, calls, toast };
}
const gameCalls = (calls: FakeCall[]) => calls.filter((c) => c.path.startsWith('/api/games/'));
const hcBalanceLoaded = (read: () => bigint, units: bigint) => waitFor(() => expect(read()).toBe(units));

describe('a bet the balance cannot cover is refused before any call', () => {
  it("dice: 10 HC with 5 HC → 'Insufficient balance!' and no request", async () => {
    const { result, calls, toast } = setup(() => useDice(), '5');
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 5n * COIN);
    await act(() => result.current.play('low'));
    expect(toast()).toMatchObject({
      title: 'Insufficient balance!',
      description: 'Insufficient balance: your balance is 5 HC',
      variant: 'error',
    });
    expect(result.current.bet.refusal?.title).toBe('Insufficient balance!');
    expect(gameCalls(calls)).toEqual([]);
  });

  it('issue 29 item 5: 1001 typed with 970 HC is refused as typed — never bet as 970', async () => {
    const { result, calls, toast } = setup(() => usePlinko(), '970');
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 970n * COIN);
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 1001n * COIN }));
    expect(result.current.bet.betAmount).toBe('1001');
    await act(() => result.current.play());
    expect(toast()?.title).toBe('Maximum bet is 1,000 HC');
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 971n * COIN }));
    await act(() => result.current.play());
    expect(toast()).toMatchObject({
      title: 'Insufficient balance!',
      description: 'Insufficient balance: your balance is 970 HC',
    });
    expect(gameCalls(calls)).toEqual([]);
  });

  it('text that is not an amount is refused, not bet as the last amount', async () => {
    const { result, calls, toast } = setup(() => useDice(), '970');
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 970n * COIN);
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 10n * COIN, invalid: true }));
    await act(() => result.current.play('high'));
    expect(toast()?.title).toBe('Enter a valid bet amount');
    expect(gameCalls(calls)).toEqual([]);
  });

  it("slots: buying the bonus needs 100x the bet → 'Insufficient balance for bonus!' and no request", async () => {
    expect(BONUS_PRICE).toBe(BigInt(SLOTS_MODEL.buyBonus.cost));
    const { result, calls, toast } = setup(() => useSlots(), '999');
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 999n * COIN);
    await act(() => result.current.buyBonus());
    expect(toast()?.title).toBe('Insufficient balance for bonus!');
    expect(gameCalls(calls).filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a bet the balance covers is sent, with the amount as typed', async () => {
    const { result, calls } = setup(
      () => useDice(),
      '970',
      ({ path }) =>
        path === '/api/games/dice'
          ? {
              status: 500,
              body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side' },
            }
          : undefined,
    );
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 970n * COIN);
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 970n * COIN }));
    await act(() => result.current.play('low'));
    expect(gameCalls(calls).map((c) => [c.path, (c.body as { betAmount: string }).betAmount])).toEqual([
      ['/api/games/dice', '970'],
    ]);
  });
});

describe('a bet pressed before the player record arrives', () => {
  // the balances are placeholders then (0 AMINA, the guest's starting 1000 HC): refusing for them
  // turned away a wallet's AMINA bet pressed just after a reload, so the server decides instead
  it('is sent as typed, not refused for the placeholder balance; the limits still hold', async () => {
    const { result, calls, toast } = setup(
      () => useSlots(),
      '5000',
      ({ method, path }) =>
        method === 'GET' && path === `/api/users/${GUEST}`
          ? { status: 503, body: { statusCode: 503, message: 'busy' } }
          : path.startsWith('/api/games/')
            ? { status: 400, body: { statusCode: 400, error: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } }
            : undefined,
    );
    await waitFor(() => expect(calls.some((c) => c.path === `/api/users/${GUEST}`)).toBe(true));
    expect(result.current.bet.panel.balanceKnown).toBe(false);
    // 20 HC bought 100 times is 2000 HC, more than the placeholder 1000
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 20n * COIN }));
    await act(() => result.current.buyBonus());
    const posts = () => gameCalls(calls).filter((c) => c.method === 'POST');
    expect(posts().map((c) => (c.body as { betAmount: string }).betAmount)).toEqual(['20']);
    expect(toast()?.title).toBe('Insufficient balance for bonus!'); // the server's answer, by its code
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 1001n * COIN }));
    await act(() => result.current.buyBonus());
    expect(toast()?.title).toBe('Maximum bet is 1,000 HC');
    expect(posts()).toHaveLength(1);
  });
});

describe('a refused call says why, by its code (issue 29 item 1)', () => {
  it('dice: 429 LOSS_LIMIT → the loss-limit reason and the link to /responsible-gaming', async () => {
    const { result, toast } = setup(
      () => useDice(),
      '1000',
      ({ path }) =>
        path === '/api/games/dice'
          ? { status: 429, body: { statusCode: 429, error: 'LOSS_LIMIT', message: 'Daily loss limit reached: …' } }
          : undefined,
    );
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 1000n * COIN);
    await act(() => result.current.play('seven'));
    expect(toast()).toMatchObject({ title: 'Loss limit reached', variant: 'error' });
    expect(result.current.bet.refusal?.help).toEqual({
      href: '/responsible-gaming',
      label: 'See or change your loss limit',
    });
    // a new amount clears the note: it no longer describes the bet on the panel
    act(() => result.current.bet.panel.onChange({ currency: 'HC', amount: 5n * COIN }));
    expect(result.current.bet.refusal).toBeNull();
  });
});

describe("plinko's two failures (issue 26 item 4)", () => {
  const settled = {
    betId: '1',
    nonce: 0,
    clientSeed: 'c',
    serverSeedHash: 'h',
    currency: 'HC',
    winAmount: '0',
    isWin: false,
    multiplier: 0.2,
    slotIndex: 6,
    risk: 'medium',
  };
  it.each([
    [
      'no answer',
      PLINKO_FAILED.place,
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    [
      'a 500',
      PLINKO_FAILED.place,
      () => ({
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side' },
      }),
    ],
    ['a 502 from the proxy', PLINKO_FAILED.place, () => ({ status: 502, body: 'Bad Gateway' })],
    ['an answer whose path cannot be flown', PLINKO_FAILED.process, () => ({ body: { ...settled, path: [1, 0] } })],
  ])("%s → '%s'", async (_what, title, answer) => {
    const { result, calls, toast } = setup(
      () => usePlinko(),
      '1000',
      (call) => (call.path === '/api/games/plinko/deduct' ? (answer() as ReturnType<FakeHandler>) : undefined),
    );
    await hcBalanceLoaded(() => result.current.bet.panel.hcBalance, 1000n * COIN);
    await act(() => result.current.play());
    expect(toast()?.title).toBe(title);
    expect(gameCalls(calls).filter((c) => c.path === '/api/games/plinko/deduct').length).toBeGreaterThanOrEqual(1);
    expect(result.current.pending).toBe(0);
  });
});

describe('issue 40 item 6: a round resumed after a reload shows its own stake', () => {
  const card = { rank: '7', suit: 'hearts', value: 7 };
  const open = { active: true, nonce: 3, serverSeedHash: 'h', clientSeed: 'c', currency: 'HC', betAmount: '20' };
  it.each([
    [
      'hi-lo',
      () => useHilo(),
      '/api/games/hilo/current',
      { ...open, status: 'active', card, cards: [card], streak: 0, multiplier: 1, currentPayout: '20', next: null },
    ],
    [
      'blackjack',
      () => useBlackjack(),
      '/api/games/blackjack/current',
      {
        ...open,
        status: 'playing',
        gameOver: false,
        playerCards: [card],
        dealerCards: [card],
        hands: [],
        legalActions: ['hit'],
      },
    ],
  ] as const)('%s: 20 HC in play → the bet shows 20, not the opening 10', async (_game, hook, path, current) => {
    const { result } = setup<{ bet: { betAmount: string; panel: { value: { amount: bigint } } } }>(
      hook,
      '500',
      (call) => (call.method === 'GET' && call.path === path ? { body: current } : undefined),
    );
    expect(result.current.bet.betAmount).toBe('10');
    await waitFor(() => expect(result.current.bet.betAmount).toBe('20'));
    expect(result.current.bet.panel.value.amount).toBe(20n * COIN);
  });
});
