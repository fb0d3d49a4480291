import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '@cosmic/web-data-access';

// Radix Toast is ~10 KB gzip: it loads with the first toast, or when F8 asks for the notification
// area, instead of with the first page.
const Toaster = lazy(() => import(/* webpackChunkName: "toasts" */ './toaster'));

/** Mount once in the shell: shows the shared store's toast; F8 focuses the notification area. */
export function ToastHost() {
  const { current } = useToast();
  const [f8, setF8] = useState(false);
  useEffect(() => {
    if (f8) return;
    const onKey = (e: KeyboardEvent) => e.key === 'F8' && setF8(true);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [f8]);
  if (!current && !f8) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focus={f8} />
    </Suspense>
  );
}
