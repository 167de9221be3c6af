/**
 * Spec 8: the 404 page logs the unknown path, so broken links show up in the console and in monitoring.
 * A server-rendered 404 page logs it as soon as the page's small entry runs (main.tsx), not once the app has
 * started after it; the page then does not log the same arrival twice.
 */

/** Marks the 404 page's HTML, so the entry knows the page it arrived on before the app runs. */
export const UNKNOWN_PATH_ATTRIBUTE = 'data-unknown-path';

let loggedOnArrival: string | null = null;

export function logUnknownPath(path: string): void {
  if (loggedOnArrival === path) {
    loggedOnArrival = null;
    return;
  }
  console.error('404 Error: User attempted to access non-existent route:', path);
}

/** For the entry: logs the path of a server-rendered 404 page, once. */
export function logArrivalOnUnknownPath(): void {
  if (!document.querySelector(`[${UNKNOWN_PATH_ATTRIBUTE}]`)) return;
  logUnknownPath(window.location.pathname);
  loggedOnArrival = window.location.pathname;
}
