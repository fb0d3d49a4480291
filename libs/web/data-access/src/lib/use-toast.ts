import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { dismissToast, showToast, type ToastInput, type ToastItem, type ToastState } from './toast.slice';

/** Shows and dismisses the one toast; usable from the shell and every remote (shared store). */
export function useToast() {
  const dispatch = useDispatch();
  const current = useSelector((s: { toast: ToastState }) => s.toast.current);
  const toast = useCallback((t: ToastInput) => void dispatch(showToast(t)), [dispatch]);
  const dismiss = useCallback(() => void dispatch(dismissToast()), [dispatch]);
  return useMemo(() => ({ toast, dismiss, current: current as ToastItem | null }), [toast, dismiss, current]);
}
