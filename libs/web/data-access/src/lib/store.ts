import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { balanceRevealSlice } from './balance-reveal.slice';
import { toastSlice } from './toast.slice';
import { walletSlice } from './wallet.slice';

/** Builds the app's one Redux store (the shell creates it; remotes share it). */
export function createStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [walletSlice.name]: walletSlice.reducer,
      [toastSlice.name]: toastSlice.reducer,
      [balanceRevealSlice.name]: balanceRevealSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

/** The store type. */
export type AppStore = ReturnType<typeof createStore>;
/** The root state type. */
export type RootState = ReturnType<AppStore['getState']>;
/** The store's dispatch (thunks included). */
export type AppDispatch = AppStore['dispatch'];
