/*
 * Starts the app of a server-rendered page once the page has painted (apps/web/src/ssr/document.ts puts this
 * script where the app's own entry script was). The page is readable before the app runs, so on a phone's
 * slow link its text and pictures are not made to wait for the app's code to download.
 */
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  const start = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the next frame is painted; a page opened in a background tab starts when it is first shown.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
