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

/** At most this long for the report that the picture (or the page's first content) has been shown. */
const SHOWN_WAIT_MS = 1000;

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

/**
 * Resolves once the browser has shown the picture (its Element Timing report: the picture carries an
 * `elementtiming` attribute, components/product-image.tsx), or the page's first content
 * when it has no picture or the picture failed. The reports come after the frame has been presented, which is
 * the moment a paint is timed. Without such reports (other browsers), two frames and a task.
 */
function shown(picture: HTMLImageElement | null): Promise<void> {
  return new Promise((resolve) => {
    const type = picture && picture.naturalWidth > 0 ? 'element' : 'paint';
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) {
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      const done = list
        .getEntries()
        .some((entry) =>
          type === 'element'
            ? (entry as PerformanceEntry & { element?: Element | null }).element === picture
            : entry.name === 'first-contentful-paint',
        );
      if (!done) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
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
  // Once the picture has been shown: the browser's report of the frame that showed it came.
  const afterPicture = () => {
    if (started || release) return;
    release = holdLoadEvent();
    if (document.visibilityState === 'hidden') {
      startApp();
      return;
    }
    void shown(picture).then(startApp);
    setTimeout(startApp, SHOWN_WAIT_MS);
  };

  // A visitor who presses or types before the picture came does not wait for it.
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    addEventListener(type, startApp, { once: true, passive: true, capture: true });
  }
  if (!picture || picture.complete) {
    afterPicture();
    return;
  }
  // The picture holds the load event until its own load event has run: the chain takes over from there.
  picture.addEventListener('load', afterPicture, { once: true });
  picture.addEventListener('error', afterPicture, { once: true });
  setTimeout(startApp, PICTURE_WAIT_MS);
}

boot();
