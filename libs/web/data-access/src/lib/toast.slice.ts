import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How a toast looks: neutral, good news, or a failure. */
export type ToastVariant = 'default' | 'success' | 'error';

/** What a caller passes to show a toast. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** The toast on screen. A new id remounts it, so a replacement restarts the 5 s timer. */
export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

/** At most one toast at a time: a new one replaces the current one. */
export interface ToastState {
  current: ToastItem | null;
  nextId: number;
}

const initialState: ToastState = { current: null, nextId: 1 };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast(state, { payload }: PayloadAction<ToastInput>) {
      state.current = {
        id: state.nextId,
        title: payload.title,
        description: payload.description,
        variant: payload.variant ?? 'default',
        open: true,
      };
      state.nextId += 1;
    },
    // The dismissed toast stays (closed) until the next one replaces it, like the spec's long removal delay.
    dismissToast(state) {
      if (state.current) state.current.open = false;
    },
  },
});

/** Action: show a toast (replaces the current one). */
export const showToast = toastSlice.actions.showToast;
/** Action: close the current toast. */
export const dismissToast = toastSlice.actions.dismissToast;
