import { useToast } from '@cosmic/web-data-access';
import { ToastCard } from '@cosmic/web-ui';

/** Renders the store's one toast; a new toast (new id) replaces it and restarts the 5 s timer. */
export function Toaster() {
  const { current, dismiss } = useToast();
  if (!current) return null;
  return (
    <ToastCard
      key={current.id}
      title={current.title}
      description={current.description}
      variant={current.variant}
      open={current.open}
      onOpenChange={(open) => !open && dismiss()}
    />
  );
}
