import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { createStore, initWallet } from '@cosmic/web-data-access';
import { CrashBoundary } from '@cosmic/web-feature-shell';
import { ToastHost } from '@cosmic/web-feature-wallet';
import { App } from './app/app';

const store = createStore();
// First load: restore the stored wallet or start a guest session, whatever the first route is.
void store.dispatch(initWallet());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CrashBoundary>
      <Provider store={store}>
        <BrowserRouter>
          <App />
          <ToastHost />
        </BrowserRouter>
      </Provider>
    </CrashBoundary>
  </StrictMode>,
);
