import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, ADDRESS, renderWithStore, user } from '@cosmic/web-data-access/testing';
import ManualConnectDialog from './manual-connect-dialog';

function setup() {
  const onClose = jest.fn();
  const calls = fakeApi(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/users')
      return { body: user({ walletAddress: (body as { walletAddress: string }).walletAddress }) };
    if (path === '/api/crypto/verify-wallet') return { body: { balances: { AMINA: '0', HC: '1000' }, optedIn: true } };
    return undefined;
  });
  const view = renderWithStore(<ManualConnectDialog onClose={onClose} />);
  const input = screen.getByLabelText('Wallet address');
  const connect = screen.getByRole('button', { name: 'Connect' });
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const toast = () => view.store.getState().toast.current;
  return { ...view, onClose, calls, input, connect, type, toast };
}

describe('ManualConnectDialog', () => {
  it("is the 'Enter Wallet Address' dialog with the 58-character hint, Cancel and Connect", () => {
    const { input } = setup();
    expect(screen.getByRole('dialog', { name: 'Enter Wallet Address' })).toBeInTheDocument();
    expect(screen.getByText('Address must be exactly 58 characters')).toBeInTheDocument();
    expect(input).toHaveAttribute('maxLength', '58');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it.each([
    ['empty', '', true],
    ['57 characters', ADDRESS.slice(0, 57), true],
    ['exactly 58 characters', ADDRESS, false],
  ])('Connect is disabled unless exactly 58 characters: %s', (_, value, disabled) => {
    const { connect, type } = setup();
    type(value);
    if (disabled) expect(connect).toBeDisabled();
    else expect(connect).toBeEnabled();
  });

  it.each([
    ['a bad checksum', 'A'.repeat(58)],
    ['lower-case letters', ADDRESS.toLowerCase()],
    ['characters outside base32', `${ADDRESS.slice(0, 57)}1`],
  ])("refuses %s with the 'Invalid Address' toast and calls nothing", async (_, value) => {
    const { connect, type, toast, calls, onClose } = setup();
    type(value);
    fireEvent.click(connect);
    await waitFor(() => expect(toast()?.title).toBe('Invalid Address'));
    expect(toast()?.description).toBe('Please enter a valid 58-character Algorand wallet address');
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("connects a valid address: POST /api/users, 'Manual Wallet Connected!', dialog closes", async () => {
    const { connect, type, toast, calls, onClose, store } = setup();
    type(ADDRESS);
    fireEvent.click(connect);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast()?.title).toBe('Manual Wallet Connected!');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/users', body: { walletAddress: ADDRESS } });
    expect(store.getState().wallet).toMatchObject({
      address: ADDRESS,
      walletKind: 'manual',
      connected: true,
      isGuest: false,
    });
    expect(localStorage.getItem('walletConnected')).toBe('true');
    expect(localStorage.getItem('walletAddress')).toBe(ADDRESS);
  });

  it("shows 'Connection Failed' with the server's message when the API refuses", async () => {
    const { connect, type, toast, onClose } = setup();
    fakeApi(() => ({
      status: 400,
      body: { message: 'walletAddress: Invalid Algorand address format (must be 58 characters)' },
    }));
    type(ADDRESS);
    fireEvent.click(connect);
    await waitFor(() => expect(toast()?.title).toBe('Connection Failed'));
    expect(toast()?.description).toBe('walletAddress: Invalid Algorand address format (must be 58 characters)');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('strips spaces from a pasted address', () => {
    const { input, type } = setup();
    type(` ${ADDRESS.slice(0, 20)} ${ADDRESS.slice(20)} `);
    expect(input).toHaveValue(ADDRESS);
  });

  it('Cancel closes without connecting', () => {
    const { onClose, calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
