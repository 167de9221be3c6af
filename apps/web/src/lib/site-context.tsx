import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** What pages need to know about the site itself while rendering, the same on the server and in the browser. */
export interface SiteInfo {
  /**
   * The public origin, like `https://capsmarket.ng`, without a trailing slash: absolute addresses (canonical
   * links, Open Graph, JSON-LD) are built from it, never from `window`, so the server's HTML and the browser's
   * first render agree.
   */
  origin: string;
}

/**
 * The origin without a trailing slash, or '' when it is not an absolute http(s) address (a relative canonical
 * link is worse than none). A base path (`https://example.ng/caps`) is kept, as PUBLIC_URL may have one.
 */
export function normaliseOrigin(origin: string): string {
  const trimmed = origin.trim().replace(/\/+$/, '');
  return /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(trimmed) ? trimmed : '';
}

/**
 * Without a provider: the browser's own origin, or '' on a server (where absolute addresses are then left
 * out). The app's root provides the server's PUBLIC_URL on both sides.
 */
const SiteContext = createContext<SiteInfo>({
  origin: typeof window === 'undefined' ? '' : normaliseOrigin(window.location.origin),
});

export function SiteProvider({ origin, children }: { origin: string; children: ReactNode }) {
  const site = useMemo(() => ({ origin: normaliseOrigin(origin) }), [origin]);
  return <SiteContext value={site}>{children}</SiteContext>;
}

/** The public origin without a trailing slash ('' when unknown). */
export function useSiteOrigin(): string {
  return useContext(SiteContext).origin;
}

export { SiteContext };
