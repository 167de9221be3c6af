/**
 * The first script of a server-rendered page (ssr/document.ts puts it where the app's entry was): it loads the
 * app once the page's main picture has been painted. The page is whole without the app, so on a phone's slow link
 * its picture has the line to itself first, and the app's 140 KB follow it instead of competing with it.
 *
 * The page's load event waits for the app: until the app's scripts are in the document (they then hold the load
 * event themselves until they have run), a chain of one-pixel images keeps the event waiting across the frame that
 * paints the picture. So whatever waits for `load` (a test, a monitor) finds the app started, as with a plain
 * module script.
 *
 * The server names the app's entry (`data-app`) and the page's own chunk (`data-page-chunk`) on this script. It
 * imports nothing: it is one small file.
 */

/** A 1×1 transparent GIF: an <img> loading it keeps the document's load event waiting, one task at a time. */
const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/** At most this long after this script runs, a picture slow to come no longer holds the app back. */
const PICTURE_WAIT_MS = 2500;

/** At most this long for the frame that shows the picture (frames stop in a hidden tab). */
const FRAME_WAIT_MS = 100;

/** Keeps the document's load event waiting until the returned function is called. */
function holdLoadEvent(): () => void {
  let holding = true;
  const next = () => {
    if (!holding) return;
    const pixel = new Image();
    pixel.onload = next;
    pixel.onerror = next;
    pixel.src = BLANK_PIXEL;
  };
  next();
  return () => {
    holding = false;
  };
}

/** Adds a module script to the document; scripts added this way run in the order they were added. */
function addModuleScript(src: string): void {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.async = false;
  script.src = src;
  document.head.append(script);
}

function boot(): void {
  const self = document.querySelector<HTMLScriptElement>('script[data-app]');
  const app = self?.dataset.app;
  if (!app) return;
  const pageChunk = self.dataset.pageChunk;

  let started = false;
  let release: (() => void) | undefined;
  const startApp = () => {
    if (started) return;
    started = true;
    // The page's chunk first: it registers the page, so the app hydrates it as soon as it runs.
    if (pageChunk) addModuleScript(pageChunk);
    addModuleScript(app);
    release?.();
  };
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  // After the frame that shows the picture: decoded, then a frame, then a task.
  const afterPaint = () => {
    if (started || release) return;
    release = holdLoadEvent();
    if (document.visibilityState === 'hidden') {
      startApp();
      return;
    }
    const decoded = picture?.complete ? picture.decode().catch(() => undefined) : Promise.resolve();
    void decoded.then(() => requestAnimationFrame(() => setTimeout(startApp, 0)));
    setTimeout(startApp, FRAME_WAIT_MS);
  };

  // A visitor who presses or types before the picture came does not wait for it.
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    addEventListener(type, startApp, { once: true, passive: true, capture: true });
  }
  if (!picture || picture.complete) {
    afterPaint();
    return;
  }
  // The picture holds the load event until its own load event has run: the chain takes over from there.
  picture.addEventListener('load', afterPaint, { once: true });
  picture.addEventListener('error', afterPaint, { once: true });
  setTimeout(startApp, PICTURE_WAIT_MS);
}

boot();
