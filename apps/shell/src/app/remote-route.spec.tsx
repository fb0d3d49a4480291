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
