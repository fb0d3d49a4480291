import { type ReactNode, useEffect, useRef } from 'react';
import * as Toast from '@radix-ui/react-toast';

/** A toast shows for 5 s. */
export const TOAST_DURATION_MS = 5000;
/** Swiping right 50 px dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD = 50;

/** Radix's toast context and the notification area (F8 focuses it); `focus` focuses it on mount. */
export function ToastProvider({ children, focus }: { children: ReactNode; focus?: boolean }) {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focus) viewport.current?.focus();
  }, [focus]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label="Notification"
    >
      {children}
      <Toast.Viewport ref={viewport} className="cc-toast-viewport" hotkey={['F8']} label="Notifications ({hotkey})" />
    </Toast.Provider>
  );
}

export interface ToastCardProps {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'error';
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** One toast: title, optional description, a close button; errors are announced assertively. */
export function ToastCard({ title, description, variant = 'default', open, onOpenChange }: ToastCardProps) {
  return (
    <Toast.Root
      className={`cc-toast cc-toast--${variant}`}
      open={open}
      onOpenChange={onOpenChange}
      type={variant === 'error' ? 'foreground' : 'background'}
    >
      <span className="cc-toast__icon" aria-hidden="true">
        {variant === 'error' ? '!' : variant === 'success' ? '✓' : 'i'}
      </span>
      <div className="cc-toast__text">
        <Toast.Title className="cc-toast__title">{title}</Toast.Title>
        {description && <Toast.Description className="cc-toast__description">{description}</Toast.Description>}
      </div>
      <Toast.Close className="cc-toast__close" aria-label="Close notification">
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}
