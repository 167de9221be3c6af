import type { ComponentType } from 'react';

/**
 * The server-rendered pages whose code has already run in this browser. A rendered page's chunk is loaded with
 * the app's entry (entry-server.tsx) and registers its page here as it runs; routes/router.tsx then hands React
 * the page at once (a thenable that is already settled), so the page hydrates with the rest of the app instead
 * of after one more await, and a click right after the page loaded is not lost.
 */
const pages = new Map<string, ComponentType>();

export function registerPage(name: string, page: ComponentType): void {
  pages.set(name, page);
}

export function registeredPage(name: string): ComponentType | undefined {
  return pages.get(name);
}
