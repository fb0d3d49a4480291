import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, StoreProvider } from '@cosmic/web-data-access';
import { PASSWORDS, securityApi } from '../test/security-fixtures';
import { SecurityPage } from './security-page';

function renderPage() {
  return render(
    <StoreProvider store={createStore()}>
      <SecurityPage />
    </StoreProvider>,
  );
}

async function unlock(password = PASSWORDS.operator) {
  fireEvent.change(screen.getByPlaceholderText('Operator password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
}

describe('SecurityPage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("stays locked with 'Access Denied - Incorrect Password' and sends the password only in a POST body", async () => {
    const calls = securityApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Security Dashboard' })).toBeInTheDocument();
    await unlock('guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access Denied - Incorrect Password');
    expect(screen.queryByText('Guards')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/security/session', body: { password: 'guess' } });
    expect(calls[0].url).not.toContain('guess');
    expect((screen.getByPlaceholderText('Operator password') as HTMLInputElement).value).toBe('');
  });

  it('unlocks: every panel calls its endpoint with the bearer token, and the token is kept nowhere but memory', async () => {
    const calls = securityApi();
    renderPage();
    await unlock();
    expect(await screen.findByRole('heading', { name: 'Guards' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('sql injection attempt from 203.0.113.9')).toBeInTheDocument());
    const paths = new Set(calls.slice(1).map((c) => c.path));
    for (const p of [
      'comprehensive',
      'dom',
      'hackers',
      'real-time-vulnerabilities',
      'domain/report',
      'sentinel/stats',
      'warden/stats',
      'auditor/stats',
      'treasurer/stats',
    ]) {
      expect(paths).toContain(`/api/security/${p}`);
    }
    for (const c of calls.slice(1)) {
      expect(c.headers.get('authorization')).toBe('Bearer cc1.operator.sig');
      expect(c.url).not.toContain('cc1.');
    }
    expect(JSON.stringify({ ...localStorage })).not.toContain('cc1.');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('cc1.');
    expect(screen.getByText('ELEVATED')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /API requests per second over the last minute: now 4, peak 6/ }),
    ).toBeInTheDocument();
  });

  it('polls the telemetry every second', async () => {
    const calls = securityApi();
    renderPage();
    await unlock();
    await screen.findByRole('heading', { name: 'Guards' });
    const count = () => calls.filter((c) => c.path === '/api/security/comprehensive').length;
    const first = count();
    await act(() => new Promise((r) => setTimeout(r, 1300)));
    expect(count()).toBeGreaterThan(first);
  });

  it('locks again, saying why, when the server refuses the token (expired)', async () => {
    let expired = false;
    securityApi({ expired: () => expired });
    renderPage();
    await unlock();
    await screen.findByRole('heading', { name: 'Guards' });
    expired = true;
    expect(
      await screen.findByText('Your session expired: unlock again to continue.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Operator password')).toBeInTheDocument();
  });

  it("opens the vault with its own password: 'Access Denied - {name} Only' first, then the vault logs", async () => {
    const calls = securityApi();
    renderPage();
    await unlock();
    const vault = within(
      (await screen.findByRole('heading', { name: 'Vault' })).closest('[role=region]') as HTMLElement,
    );
    fireEvent.click(vault.getByRole('tab', { name: 'Treasurer' }));
    fireEvent.change(vault.getByPlaceholderText('Vault password'), { target: { value: PASSWORDS.operator } });
    fireEvent.click(vault.getByRole('button', { name: 'Open vault' }));
    expect(await vault.findByRole('alert')).toHaveTextContent('Access Denied - Treasurer Only');
    fireEvent.change(vault.getByPlaceholderText('Vault password'), { target: { value: PASSWORDS.vault } });
    // the refusal can show a render before the button leaves its busy label ('Opening…')
    fireEvent.click(await vault.findByRole('button', { name: 'Open vault' }));
    expect(await vault.findByText('treasurer shield one')).toBeInTheDocument();
    expect(vault.getByText('api-1:4242')).toBeInTheDocument();
    const logs = calls.find((c) => c.path === '/api/security/treasurer/vault');
    expect(logs?.headers.get('authorization')).toBe('Bearer cc1.vault.sig');
    const exchange = calls.find((c) => c.path === '/api/security/treasurer/vault/session');
    expect(exchange?.headers.get('authorization')).toBe('Bearer cc1.operator.sig');
  });

  it('asks before engaging the emergency fix, shows the steps taken, then offers to resume AMINA', async () => {
    const calls = securityApi();
    renderPage();
    await unlock();
    await screen.findByRole('heading', { name: 'Emergency domain fix' });
    fireEvent.change(screen.getByPlaceholderText(/mirror\.example/), { target: { value: 'mirror.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fix domain…' }));
    expect(calls.some((c) => c.path.endsWith('emergency-domain-fix'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Engage emergency fix' }));
    expect(await screen.findByText('revoked 2 session(s); their players must sign in again')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('emergency-domain-fix'))?.body).toEqual({ domain: 'mirror.example' });
    fireEvent.click(await screen.findByRole('button', { name: 'Resume AMINA' }, { timeout: 3000 }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('resume-amina'))).toBe(true));
  });
});
