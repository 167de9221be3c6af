import { Toaster as SonnerToaster, toast } from 'sonner';

/** The app's toasts: every module imports `toast` from here, so the toast library is named in one place. */
export { toast };

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
