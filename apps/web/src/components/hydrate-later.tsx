import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page below its first screen (reviews, related caps, the footer). The server sends
 * it with the page; the browser hydrates it in work of its own after the parts above, so no single long task
 * holds a phone's main thread while the page becomes interactive. Nothing changes in a browser-only render.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
