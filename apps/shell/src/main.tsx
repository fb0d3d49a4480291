import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { createStore } from '@cosmic/web-data-access';
import { CrashBoundary } from '@cosmic/web-feature-shell';
import { App } from './app/app';

const store = createStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CrashBoundary>
      <Provider store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </CrashBoundary>
  </StrictMode>,
);
