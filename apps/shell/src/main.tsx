import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
// App first: it imports the UI kit's Layout, whose global styles (theme, components) must come
// before the features' own styles in main.css, which builds them in import order.
import { App } from './app/app';
import { createStore, initWallet } from '@cosmic/web-data-access';
import { CrashBoundary, ToastHost } from '@cosmic/web-feature-shell';

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
