import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each visited entry of the history was scrolled to, by its key. */
const positions = new Map<string, number>();

/**
 * The scroll position across navigation, as a multi-page site behaves: a new page opens at its top (or at its
 * #anchor); Back and Forward return to where the visitor was on that page. A change of the query alone (the
 * browse page's filters and pages) keeps the position: the page scrolls itself where it means to. The first
 * render of the app changes nothing, so a visitor who scrolled a server-rendered page before the app took it
 * over stays where they are.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // The entry the window's scroll belongs to, switched as the new page commits: a scroll event after that (the
  // new page's own, or the browser clamping the position to a shorter page) is never taken for the old entry's.
  const entry = useRef(location.key);
  useEffect(() => {
    const save = () => positions.set(entry.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    entry.current = location.key;
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (first.current) {
      first.current = false;
      return;
    }
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!samePage) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
