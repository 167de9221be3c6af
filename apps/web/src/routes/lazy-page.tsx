import { type ComponentType, lazy } from 'react';

type PageModule = { default: ComponentType };

/** How to load the failed pages' code again (RouteErrorBoundary's Try Again). */
const failedLoads = new Set<() => void>();

/** Forgets every page whose code failed to load, so the next render asks for it again. */
export function retryFailedPages(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}

/**
 * A page whose code is a chunk of its own, loaded on its first render (React.lazy, inside the route's Suspense
 * boundary). `ready` names the page when its code has already run (a server-rendered page, ssr/page-registry):
 * React then gets a thenable that is settled already and renders the page at once, with no suspense, so a
 * server-rendered page hydrates with the rest of the app. React.lazy keeps a failed load for good; this one is
 * made anew after a failure, so Try Again on the error screen (a dropped connection on a phone) fetches the
 * chunk again.
 */
export function lazyPage(load: () => Promise<ComponentType>, ready?: () => ComponentType | undefined): ComponentType {
  const make = () =>
    lazy((): Promise<PageModule> => {
      const loaded = ready?.();
      if (loaded) {
        // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes; this one is settled.
        const settled = { then: (resolve: (module: PageModule) => void) => resolve({ default: loaded }) };
        return settled as unknown as Promise<PageModule>;
      }
      return load().then(
        (page) => ({ default: page }),
        (error: unknown) => {
          failedLoads.add(() => {
            Current = make();
          });
          throw error;
        },
      );
    });
  let Current = make();
  return function LazyPage() {
    return <Current />;
  };
}
