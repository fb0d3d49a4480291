import { createHash } from 'node:crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RevealedSeedDto, SeedStateDto } from '@cosmic/contracts';
import { fakeApi, ADDRESS, renderWithStore, signedIn, user } from '@cosmic/web-data-access/testing';
import { SEEDS_NEED_SIGN_IN, walletActions } from '@cosmic/web-data-access';
import { ProvablyFairPanel, PF_TEXT } from './provably-fair-panel';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const OLD_SEED = '1'.repeat(64);
const NEW_SEED = '2'.repeat(64);
const NEXT_SEED = '3'.repeat(64);
/** The pair on `seed`, committed to the seed after it (OLD → NEW → NEXT), as the API chains them. */
const current = (seed: string, clientSeed = 'lucky', nonce = 3): SeedStateDto => ({
  serverSeedHash: sha(seed),
  nextServerSeedHash: sha(seed === OLD_SEED ? NEW_SEED : NEXT_SEED),
  clientSeed,
  nonce,
  isActive: true,
});
const revealed: RevealedSeedDto = {
  serverSeed: OLD_SEED,
  serverSeedHash: sha(OLD_SEED),
  clientSeed: 'lucky',
  nonce: 3,
  revealedAt: '2026-01-01T00:00:00.000Z',
};

/** A seeds API that rotates for real: after a rotation, the old seed is in the history. */
function seedsApi(fail: { update?: boolean; rotate?: boolean } = {}) {
  let rotated = false;
  return fakeApi(({ method, path }) => {
    if (path === '/api/game-seeds/current')
      return { body: rotated ? current(NEW_SEED, 'new seed', 0) : current(OLD_SEED) };
    if (path === '/api/game-seeds/history') return { body: rotated ? [revealed] : [] };
    if (method === 'POST' && path === '/api/game-seeds/update-client-seed') {
      if (fail.update) return { status: 500, body: { message: 'boom' } };
      rotated = true;
      return { body: { revealed, current: current(NEW_SEED, 'new seed', 0) } };
    }
    if (method === 'POST' && path === '/api/game-seeds/new-server-seed') {
      if (fail.rotate) return { status: 500, body: { message: 'boom' } };
      rotated = true;
      return { body: { revealed, current: current(NEW_SEED, 'lucky', 0) } };
    }
    return undefined;
  });
}

// a signed-in wallet (proven ownership): a watch-only one may not change its seeds (server: 403 OWNERSHIP_REQUIRED)
const renderPanel = () =>
  renderWithStore(<ProvablyFairPanel />, '/fairness', signedIn(user({ ownershipVerified: true })));

describe('ProvablyFairPanel', () => {
  it('asks to connect when there is no session', () => {
    seedsApi();
    renderWithStore(<ProvablyFairPanel />);
    expect(screen.getByText(PF_TEXT.notConnected)).toBeInTheDocument();
    expect(PF_TEXT.notConnected).toBe('Connect your wallet to manage provably fair seeds');
  });

  it('keeps the loaded shape while the session starts and the pair loads: the same boxes, controls disabled, nothing read as a seed (CLS)', async () => {
    seedsApi();
    const boxes = (root: HTMLElement) => root.querySelectorAll('.cc-fair__seed-row').length;
    const { container, store } = renderWithStore(<ProvablyFairPanel />, '/fairness', (s) =>
      s.dispatch(walletActions.connecting()),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading provably fair data...');
    const pendingBoxes = boxes(container);
    expect(pendingBoxes).toBe(5);
    expect(screen.queryByTestId('server-seed-hash')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate New Server Seed' })).toBeDisabled();
    expect(screen.getByText(/derived from the server seed, your client seed and the nonce/)).toBeInTheDocument();

    act(() => signedIn(user({ ownershipVerified: true }))(store));
    expect(await screen.findByTestId('server-seed-hash')).toHaveTextContent(sha(OLD_SEED));
    expect(boxes(container)).toBe(pendingBoxes);
    expect(screen.getByRole('button', { name: 'Generate New Server Seed' })).toBeEnabled();
  });

  it("says 'Loading provably fair data...' and then shows hash, client seed, nonce and Active", async () => {
    const calls = seedsApi();
    renderPanel();
    expect(screen.getByText('Loading provably fair data...')).toBeInTheDocument();
    expect(await screen.findByTestId('server-seed-hash')).toHaveTextContent(sha(OLD_SEED));
    expect(screen.getByTestId('client-seed')).toHaveTextContent('lucky');
    expect(screen.getByTestId('nonce')).toHaveTextContent('3');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/derived from the server seed, your client seed and the nonce/)).toBeInTheDocument();
    expect(calls[0].query.get('walletAddress')).toBe(ADDRESS);
  });

  it("shows 'Next server seed (hashed)', and a rotation makes exactly that hash the active one", async () => {
    seedsApi();
    renderPanel();
    const next = await screen.findByTestId('next-server-seed-hash');
    expect(next).toHaveTextContent(sha(NEW_SEED));
    expect(next.closest('div')).toHaveTextContent('Next server seed (hashed)');
    expect(screen.getByText(/next server seed is fixed before you choose your client seed/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('New client seed'), { target: { value: 'new seed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Client Seed' }));
    await waitFor(() => expect(screen.getByTestId('server-seed-hash')).toHaveTextContent(sha(NEW_SEED)));
    expect(screen.getByTestId('next-server-seed-hash')).toHaveTextContent(sha(NEXT_SEED));
  });

  it("refuses an empty client seed with 'Invalid seed' and sends nothing", async () => {
    const calls = seedsApi();
    const { store } = renderPanel();
    await screen.findByTestId('server-seed-hash');
    fireEvent.click(screen.getByRole('button', { name: 'Update Client Seed' }));
    expect(store.getState().toast.current).toMatchObject({
      title: 'Invalid seed',
      description: 'Please enter a client seed',
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("updates the client seed: 'Client seed updated', the new pair shows and the old seed is revealed", async () => {
    const calls = seedsApi();
    const { store } = renderPanel();
    await screen.findByTestId('server-seed-hash');
    fireEvent.change(screen.getByLabelText('New client seed'), { target: { value: ' new seed ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Client Seed' }));
    await waitFor(() => expect(store.getState().toast.current?.title).toBe('Client seed updated'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ walletAddress: ADDRESS, clientSeed: 'new seed' });
    await waitFor(() => expect(screen.getByTestId('server-seed-hash')).toHaveTextContent(sha(NEW_SEED)));
    const item = await screen.findByTestId('revealed-seed');
    expect(within(item).getByTestId('revealed-server-seed')).toHaveTextContent(OLD_SEED);
    expect(within(item).getByText('SHA-256 matches')).toBeInTheDocument();
    expect(
      within(item)
        .getByRole('link', { name: /verify/i })
        .getAttribute('href'),
    ).toContain(`serverSeed=${OLD_SEED}`);
  });

  it("says 'Update failed' - 'Failed to update client seed' when the server refuses", async () => {
    seedsApi({ update: true });
    const { store } = renderPanel();
    await screen.findByTestId('server-seed-hash');
    fireEvent.change(screen.getByLabelText('New client seed'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Client Seed' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Update failed',
        description: 'Failed to update client seed',
      }),
    );
  });

  it.each([
    [false, { title: 'New server seed generated' }],
    [true, { title: 'Generation failed', description: 'Failed to generate new server seed' }],
  ])("'Generate New Server Seed' (server fails: %s)", async (fails, toast) => {
    const calls = seedsApi({ rotate: fails });
    const { store } = renderPanel();
    await screen.findByTestId('server-seed-hash');
    fireEvent.click(screen.getByRole('button', { name: 'Generate New Server Seed' }));
    await waitFor(() => expect(store.getState().toast.current).toMatchObject(toast));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/game-seeds/new-server-seed',
      body: { walletAddress: ADDRESS },
    });
  });

  it('a watch-only wallet sees its seeds and why it cannot change them; the buttons are off', async () => {
    const calls = seedsApi();
    renderWithStore(<ProvablyFairPanel />, '/fairness', signedIn(user({ ownershipVerified: false })));
    expect(await screen.findByTestId('server-seed-hash')).toHaveTextContent(sha(OLD_SEED));
    expect(screen.getByTestId('seeds-blocked')).toHaveTextContent(SEEDS_NEED_SIGN_IN);
    expect(SEEDS_NEED_SIGN_IN).toBe('Sign in with your wallet to change your seeds: a typed address is watch-only.');
    expect(screen.getByRole('button', { name: 'Generate New Server Seed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Client Seed' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("a server refusal for want of a proven session says so (by its code), not only 'Failed to generate'", async () => {
    fakeApi(({ path }) => {
      if (path === '/api/game-seeds/current') return { body: current(OLD_SEED) };
      if (path === '/api/game-seeds/history') return { body: [] };
      if (path === '/api/game-seeds/new-server-seed')
        return {
          status: 403,
          body: {
            statusCode: 403,
            error: 'OWNERSHIP_REQUIRED',
            message: 'Prove you own this wallet first: sign in with your wallet',
          },
        };
      return undefined;
    });
    const { store } = renderPanel();
    await screen.findByTestId('server-seed-hash');
    fireEvent.click(screen.getByRole('button', { name: 'Generate New Server Seed' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Generation failed',
        description: SEEDS_NEED_SIGN_IN,
      }),
    );
  });

  it('offers Retry when the seed pair cannot be loaded', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'down' } }));
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
