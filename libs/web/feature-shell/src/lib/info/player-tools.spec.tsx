import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADDRESS, renderWithStore, signedIn } from '@cosmic/web-data-access/testing';
import { limitReads, limitsAnswer, ME, serveLimits } from '../../test/responsible-gaming-fixtures';
import { PlayerTools } from './player-tools';

// After a time-out or self-exclusion ends, play stays refused until the player confirms (RTS 14):
// "I want to play again" sends POST /api/responsible-gaming/confirm-play and the page shows the
// limits as the API then reads them. The API is faked at fetch.

const ENDED_AT = '2030-01-01T09:00:00.000Z';

describe('PlayerTools: "I want to play again" after a time-out or self-exclusion ended', () => {
  it.each([
    ['time-out', 'Your time-out has ended.'],
    ['self-exclusion', 'Your self-exclusion has ended.'],
  ])('a %s: confirming sends the request and the notice goes', async (kind, notice) => {
    const calls = serveLimits(limitsAnswer({ exclusion: { kind, until: ENDED_AT, ended: true } }), (call) =>
      call.path === '/api/responsible-gaming/confirm-play' ? { next: limitsAnswer() } : undefined,
    );
    const { store } = renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    const ended = await screen.findByTestId('exclusion-ended');
    expect(ended).toHaveTextContent(`${notice} I want to play again`);
    // an ended period is not shown as one in force
    expect(screen.queryByTestId('exclusion-status')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'I want to play again' }));

    await waitFor(() => expect(screen.queryByTestId('exclusion-ended')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', 'http://casino.test/api/responsible-gaming/confirm-play', { walletAddress: ADDRESS }],
    ]);
    expect(limitReads(calls)).toHaveLength(2);
    expect(store.getState().toast.current).toMatchObject({ title: 'Play is open again', variant: 'success' });
  });

  it('a refused confirmation says why, and the notice stays to try again', async () => {
    const refusal = `Your time-out lasts until ${ENDED_AT}: play cannot be confirmed before it ends`;
    const calls = serveLimits(limitsAnswer({ exclusion: { kind: 'time-out', until: ENDED_AT, ended: true } }), () => ({
      status: 409,
      message: refusal,
    }));
    const { store } = renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    fireEvent.click(await screen.findByRole('button', { name: 'I want to play again' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Not confirmed',
        description: refusal,
        variant: 'error',
      }),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'I want to play again' })).toBeEnabled();
  });

  it('offers no confirmation while a period is still in force', async () => {
    const until = '2030-02-01T00:00:00.000Z';
    serveLimits(limitsAnswer({ exclusion: { kind: 'time-out', until, ended: false }, selfExcludedUntil: until }));
    renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    expect(await screen.findByTestId('exclusion-status')).toHaveTextContent(
      `On a time-out until ${new Date(until).toLocaleString()}`,
    );
    expect(screen.queryByTestId('exclusion-ended')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I want to play again' })).toBeNull();
  });
});
