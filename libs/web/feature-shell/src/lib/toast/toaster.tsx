import { useToast } from '@cosmic/web-data-access';
import { ToastCard, ToastProvider } from './toast-card';
import './toast.css';

/** The lazily loaded toast layer: Radix provider, the F8 notification area and the store's one toast. */
export default function Toaster({ focus }: { focus: boolean }) {
  const { current, dismiss } = useToast();
  return (
    <ToastProvider focus={focus}>
      {current && (
        <ToastCard
          key={current.id}
          title={current.title}
          description={current.description}
          variant={current.variant}
          open={current.open}
          onOpenChange={(open) => !open && dismiss()}
        />
      )}
    </ToastProvider>
  );
}
