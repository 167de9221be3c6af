import { Toaster as SonnerToaster } from 'sonner';

/** Spec 9: 4 seconds per toast, at most 3 visible. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}
