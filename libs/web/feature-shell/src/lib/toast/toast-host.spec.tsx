import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { showToast } from '@cosmic/web-data-access';
import { renderWithStore } from '@cosmic/web-data-access/testing';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from './toast-card';
import { ToastHost } from './toast-host';

describe('ToastHost', () => {
  it('uses the spec constants: 5 s display, swipe threshold 50 px', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });

  it('renders nothing (and loads no Radix) until a toast is shown', () => {
    const { container } = renderWithStore(<ToastHost />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows one toast at a time: a new one replaces the current one', async () => {
    const { store } = renderWithStore(<ToastHost />);
    act(() => void store.dispatch(showToast({ title: 'Wallet Disconnected' })));
    expect(await screen.findByText('Wallet Disconnected')).toBeInTheDocument();
    act(
      () =>
        void store.dispatch(
          showToast({ title: 'Invalid seed', description: 'Please enter a client seed', variant: 'error' }),
        ),
    );
    expect(await screen.findByText('Please enter a client seed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Wallet Disconnected')).toBeNull());
  });

  it('the close button dismisses the toast', async () => {
    const { store } = renderWithStore(<ToastHost />);
    act(() => void store.dispatch(showToast({ title: 'Client seed updated' })));
    fireEvent.click(await screen.findByRole('button', { name: 'Close notification' }));
    expect(store.getState().toast.current?.open).toBe(false);
  });

  it('F8 loads and focuses the notification area', async () => {
    renderWithStore(<ToastHost />);
    fireEvent.keyDown(window, { key: 'F8' });
    const region = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(region.querySelector('ol')).toHaveFocus());
  });
});
