import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '@cosmic/web-data-access';

type Store = ReturnType<typeof createStore>;

/** Renders with a fresh store (optionally prepared) and a router; returns the store too. */
export function renderWithStore(ui: ReactElement, route = '/', prepare?: (store: Store) => void) {
  const store = createStore();
  prepare?.(store);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}
