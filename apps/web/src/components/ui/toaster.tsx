import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');
type ToastArguments = Parameters<Sonner['toast']['success']>;

/**
 * Toasts (sonner) load with the first toast, not with the page: a visitor who is never told anything (most
 * storefront visits) does not download them. `toast.success` and `toast.error` take sonner's arguments.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const LoadedToaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await import('sonner');
  function Loaded() {
    // Runs after sonner's own effects (children first): from here on a toast has somewhere to show.
    useEffect(() => markMounted(), []);
    /* Spec 9: 4 seconds per toast, at most 3 visible. */
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
  return { default: Loaded };
});

/** Where toasts show; rendered once at the app's root. Nothing until the first toast (and on the server). */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}

async function showToast(kind: 'success' | 'error', args: ToastArguments): Promise<void> {
  want();
  const [{ toast: sonnerToast }] = await Promise.all([import('sonner'), mounted]);
  sonnerToast[kind](...args);
}

export const toast = {
  success: (...args: ToastArguments): void => void showToast('success', args),
  error: (...args: ToastArguments): void => void showToast('error', args),
};
