import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { UserDto } from '@cosmic/contracts';
import { createStore, walletActions, StoreProvider } from '@cosmic/web-data-access';
import { type FakeCall, fakeApi } from '@cosmic/web-data-access/testing';
import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';
import { useSlots } from './use-slots';

// Issue 40 item 1: bought free spins play by themselves, each its own call, with a running total.

const GUEST = 'GUEST_1700000000000abcdefghi';
const user: UserDto = {
  id: '7',
  walletAddress: GUEST,
  username: 'cosmic_abcdefghi',
  isGuest: true,
  aminaBalance: '0',
  houseBalance: '5000',
  ownershipVerified: false,
  nextAllowanceAt: null,
};
const grid = Array.from({ length: 25 }, () => '🌙');

/** A server selling 10 free spins; each pays `wins[i]` HC; `refuseAt` answers that spin 403 SELF_EXCLUDED. */
function slotsServer(wins: number[], refuseAt?: number) {
  let left = 0;
  let total = 0;
  let n = 0;
  return (call: FakeCall) => {
    if (call.method === 'GET' && call.path === `/api/users/${GUEST}`) return { body: user };
    if (call.path === '/api/games/slots/state') return { body: { freeSpinsLeft: left } };
    if (call.path === '/api/games/slots/buy-bonus') {
      left = 10;
      return {
        body: {
          bonusBought: true,
          freeSpinMultiplier: 3,
          freeSpinsLeft: 10,
          cost: '1000',
          betAmount: '10',
          currency: 'HC',
          balance: '4000',
        },
      };
    }
    if (call.path !== '/api/games/slots') return undefined;
    if (n === refuseAt) {
      refuseAt = undefined;
      return { status: 403, body: { statusCode: 403, error: 'SELF_EXCLUDED', message: 'You are self-excluded' } };
    }
    const win = wins[n++] ?? 0;
    left--;
    total += win;
    const body = {
      grid,
      initialGrid: grid,
      cascades: [],
      clusters: [],
      capped: false,
      scatters: 0,
      freeSpinMultiplier: 3,
      winAmount: String(win),
      isWin: win > 0,
      multiplier: win / 10,
      bonusTriggered: false,
      bonusSpinsAwarded: 0,
      freeSpinsLeft: left,
      isFreeSpin: true,
      bonusTotalWin: String(total),
      betAmount: '10',
      betId: String(100 + n),
      nonce: n,
      serverSeedHash: 'h',
      clientSeed: 'c',
      currency: 'HC',
      balance: '4000',
    };
    return { body };
  };
}

function setup(wins: number[], refuseAt?: number) {
  const calls = fakeApi(slotsServer(wins, refuseAt));
  const store = createStore();
  store.dispatch(walletActions.sessionStarted({ user, kind: 'manual' }));
  const wrapper = ({ children }: { children: ReactNode }) => <StoreProvider store={store}>{children}</StoreProvider>;
  const rendered = renderHook(() => useSlots({ speed: 'instant' }), { wrapper });
  const spins = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/games/slots');
  return { ...rendered, spins, toast: () => store.getState().toast.current };
}

describe('useSlots: free spins play by themselves (issue 40 item 1)', () => {
  it('after Buy, all 10 play without a click, each its own call and key; the bonus win is their sum', async () => {
    const wins = [0, 30, 0, 0, 12, 0, 0, 0, 45, 3];
    const { result, spins } = setup(wins);
    await waitFor(() => expect(result.current.bet.panel.hcBalance).toBe(5000n * COIN));
    await act(() => result.current.buyBonus());
    expect(result.current.freeRun).toBe('playing');
    expect(result.current.bonusWin).toEqual({ amount: '0', currency: 'HC' });
    await waitFor(() => expect(result.current.freeLeft).toBe(0), { timeout: 15_000 });
    await waitFor(() => expect(result.current.freeRun).toBe('idle'));
    expect(spins().map((c) => c.body)).toEqual(Array(10).fill({ walletAddress: GUEST, isFreeSpins: true }));
    expect(new Set(spins().map((c) => c.headers.get('idempotency-key'))).size).toBe(10);
    expect(result.current.bonusTotal).toEqual({ amount: '90', currency: 'HC' });
  }, 20_000);

  it('a refusal stops the run with its toast and keeps the spins; Play free spins plays the rest', async () => {
    const { result, spins, toast } = setup([5, 5, 5, 5, 5, 5, 5, 5, 5, 5], 3);
    await waitFor(() => expect(result.current.bet.panel.hcBalance).toBe(5000n * COIN));
    await act(() => result.current.buyBonus());
    await waitFor(() => expect(result.current.freeRun).toBe('idle'), { timeout: 15_000 });
    expect(spins()).toHaveLength(4);
    expect(result.current.freeLeft).toBe(7);
    expect(result.current.bonusWin).toEqual({ amount: '15', currency: 'HC' });
    expect(result.current.freeRefusal?.title).toMatch(/self-excluded/i);
    expect(toast()).toMatchObject({ variant: 'error' });
    await act(() => result.current.spin());
    expect(spins()).toHaveLength(11);
    expect(result.current.freeLeft).toBe(0);
    expect(result.current.bonusTotal).toEqual({ amount: '50', currency: 'HC' });
  }, 20_000);
});
