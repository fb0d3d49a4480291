import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { CrashBoundary } from '@cosmic/web-feature-shell';
import { RemoteRoute } from './remote-route';
import { loadRemoteComponent } from './federation';

jest.mock('./federation', () => ({ loadRemoteComponent: jest.fn() }));
const load = loadRemoteComponent as jest.Mock;

// each test uses its own remote: the route keeps a remote's lazy component between visits
const inShell = (remote: 'cashier' | 'games') =>
  render(
    <CrashBoundary>
      <RemoteRoute remote={remote} />
    </CrashBoundary>,
  );

describe('RemoteRoute: a remote that failed to load vs one that crashed', () => {
  // React logs caught render errors; keep the output readable
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('a remote that cannot be fetched shows the remote fallback with Retry, inside the shell', async () => {
    load.mockRejectedValue(new Error('#RUNTIME-008 failed to fetch remoteEntry.js'));
    inShell('cashier');
    expect(await screen.findByRole('heading', { name: 'The cashier could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Loading cosmic casino...')).toBeNull();
  });

  it("a remote that loaded and then crashed while rendering shows the spec's crash screen", async () => {
    const Broken = () => {
      throw new Error('render bug');
    };
    load.mockResolvedValue({ default: Broken });
    inShell('games');
    expect(await screen.findByText('Loading cosmic casino...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Casino' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});

describe('RemoteRoute: hydrating a prerendered page', () => {
  afterEach(() => jest.restoreAllMocks());

  it("keeps the server's screen of the remote, whatever its version, until the remote renders in its place", async () => {
    const problems = jest.spyOn(console, 'error');
    let loaded!: (m: { default: () => ReactElement }) => void;
    load.mockReturnValue(new Promise((r) => (loaded = r)));
    // the page as the API answers it: the slot holds the screen the remote's own build published
    // (a newer one than this shell was built with), not the loading screen the shell prerendered
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="cc-remote-slot" data-remote-slot="security"><!--remote-fragment-->' +
      '<h1>Security, redeployed</h1><!--/remote-fragment--></div>';
    document.body.append(root);
    await act(async () => {
      hydrateRoot(root, <RemoteRoute remote="security" />);
    });
    expect(screen.getByRole('heading', { name: 'Security, redeployed' })).toBeInTheDocument();
    expect(screen.queryByText(/Loading the/)).toBeNull();
    await act(async () => loaded({ default: () => <h1>Security, rendered</h1> }));
    expect(await screen.findByRole('heading', { name: 'Security, rendered' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Security, redeployed' })).toBeNull();
    expect(problems).not.toHaveBeenCalled();
    root.remove();
  });
});
