import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
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

  /** A fresh copy of the route (its lazy remotes not cached), with the React it renders with. */
  function fresh() {
    let modules!: {
      React: typeof import('react');
      hydrateRoot: typeof import('react-dom/client').hydrateRoot;
      RemoteRoute: typeof RemoteRoute;
      load: jest.Mock;
    };
    jest.isolateModules(() => {
      modules = {
        React: require('react'),
        hydrateRoot: require('react-dom/client').hydrateRoot,
        RemoteRoute: require('./remote-route').RemoteRoute,
        load: require('./federation').loadRemoteComponent,
      };
    });
    return modules;
  }

  /** The page's root as the API answers it, its slot holding `slot`. */
  function page(slot: string): HTMLElement {
    const root = document.createElement('div');
    root.innerHTML = `<div class="cc-remote-slot" data-remote-slot="security">${slot}</div>`;
    document.body.append(root);
    return root;
  }

  it("keeps the remote's first screen the server stitched in, then hydrates that very HTML with the remote's code", async () => {
    const problems = jest.spyOn(console, 'error');
    const { React, hydrateRoot, RemoteRoute: Route, load: loadRemote } = fresh();
    let loaded!: (m: { default: () => ReactElement }) => void;
    loadRemote.mockReturnValue(new Promise((r) => (loaded = r)));
    let clicks = 0;
    const Security = () =>
      React.createElement('button', { type: 'button', onClick: () => clicks++ }, 'Security, redeployed');
    const root = page('<!--$--><button type="button">Security, redeployed</button><!--/$-->');
    const served = root.querySelector('button')!;
    await React.act(async () => {
      hydrateRoot(root, React.createElement(Route, { remote: 'security' }));
    });
    // the remote's code has not arrived: its screen stays as the server drew it, no loading screen
    expect(root.querySelector('button')).toBe(served);
    expect(screen.queryByText(/Loading the/)).toBeNull();
    await React.act(async () => loaded({ default: Security }));
    // hydrated in place: the same element, now answering clicks
    expect(root.querySelector('button')).toBe(served);
    await React.act(async () => served.click());
    expect(clicks).toBe(1);
    expect(problems).not.toHaveBeenCalled();
    root.remove();
  });

  it("shows the fallback with Retry in place of the server's first screen when the remote cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { React, hydrateRoot, RemoteRoute: Route, load: loadRemote } = fresh();
    let failed!: (e: Error) => void;
    loadRemote.mockReturnValue(new Promise((_, reject) => (failed = reject)));
    const root = page('<!--$--><h1>Security, redeployed</h1><!--/$-->');
    await React.act(async () => {
      hydrateRoot(root, React.createElement(Route, { remote: 'security' }));
    });
    expect(screen.getByRole('heading', { name: 'Security, redeployed' })).toBeInTheDocument();
    await React.act(async () => failed(new Error('#RUNTIME-008 failed to fetch remoteEntry.js')));
    expect(
      await screen.findByRole('heading', { name: 'The security dashboard could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Security, redeployed' })).toBeNull();
    root.remove();
  });

  it('hydrates the loading screen the server kept when it had no first screen of the remote, then renders the remote', async () => {
    const problems = jest.spyOn(console, 'error');
    const { React, hydrateRoot, RemoteRoute: Route, load: loadRemote } = fresh();
    let loaded!: (m: { default: () => ReactElement }) => void;
    loadRemote.mockReturnValue(new Promise((r) => (loaded = r)));
    const root = page(
      '<!--remote-fragment--><div class="cc-page-loading"><div role="status" aria-live="polite">' +
        '<div class="cc-spinner" aria-hidden="true"></div><span class="cc-sr-only">Loading the security dashboard…</span>' +
        '</div></div><!--/remote-fragment-->',
    );
    await React.act(async () => {
      hydrateRoot(root, React.createElement(Route, { remote: 'security' }));
    });
    expect(screen.getByText('Loading the security dashboard…')).toBeInTheDocument();
    await React.act(async () => loaded({ default: () => React.createElement('h1', null, 'Security') }));
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(problems).not.toHaveBeenCalled();
    root.remove();
  });
});
