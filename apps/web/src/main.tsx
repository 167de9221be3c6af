import './index.css';
import { holdEarlyInput } from '@/ssr/early-input';
import { PAGE_STATE_ID } from '@/ssr/page-state-id';
import { logArrivalOnUnknownPath } from '@/ssr/unknown-path';

/**
 * The app's entry, small on purpose. A page the browser renders alone starts the app at once. A server-rendered
 * page is whole without it, so on a phone's slow link its picture comes first: the app's code (React, the
 * router, the page's own chunk) is asked for once the page's main picture (the one it marks fetchpriority high)
 * is painted, or its first frame when it has none, and sooner if the visitor presses or types something first.
 * Until then a press is held and replayed, and what is typed is handed over (ssr/early-input.ts).
 */

/** At most this long after the entry runs, a picture that is slow to come no longer holds the app back. */
const PICTURE_WAIT_MS = 2500;

/** Resolves once the page's main picture (or, without one, its first frame) has been painted. */
function pagePainted(): Promise<void> {
  return new Promise((resolve) => {
    // A frame, then a task: the frame that shows the picture has been painted.
    const painted = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
    if (!picture || picture.complete) return painted();
    picture.addEventListener('load', painted, { once: true });
    picture.addEventListener('error', painted, { once: true });
    setTimeout(resolve, PICTURE_WAIT_MS);
  });
}

function loadApp() {
  // The page's own chunk: the server names it on this script, so it loads beside the app and registers the page.
  const pageChunk = document.querySelector<HTMLScriptElement>('script[data-page-chunk]')?.dataset.pageChunk;
  return Promise.all([import('./start'), pageChunk ? import(/* @vite-ignore */ pageChunk) : undefined]).then(
    ([app]) => app,
  );
}

const root = document.getElementById('root');
if (root && document.getElementById(PAGE_STATE_ID)) {
  logArrivalOnUnknownPath();
  const early = holdEarlyInput(root);
  const ready = new Promise<void>((resolve) => {
    early.onFirst(resolve);
    void pagePainted().then(resolve);
  });
  ready
    .then(loadApp)
    .then((app) => early.replay(app.start))
    .catch((error: unknown) => {
      early.release();
      throw error;
    });
} else {
  void loadApp().then((app) => app.start());
}
