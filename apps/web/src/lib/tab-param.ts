import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Pages with tabs keep the open tab in `?tab=`, so it survives reloads and links; these read it back
 * against the page's own list of tabs.
 */

/** Whether `value` names one of `tabs`. */
export function isTabOf<TTab extends string>(tabs: readonly { value: TTab }[], value: string | null): value is TTab {
  return tabs.some((tab) => tab.value === value);
}

/** The tab named by `?tab=`; a missing or unknown value gives `fallback`. */
export function tabOf<TTab extends string>(
  tabs: readonly { value: TTab }[],
  params: URLSearchParams,
  fallback: TTab,
): TTab {
  const requested = params.get('tab');
  return isTabOf(tabs, requested) ? requested : fallback;
}

/**
 * The open tab of a page and the way to open another: `?tab=` holds it, left out for `fallback` (the first
 * tab), and a change replaces the history entry rather than adding one per click.
 */
export function useTabParam<TTab extends string>(
  tabs: readonly { value: TTab }[],
  fallback: TTab,
): [TTab, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const selectTab = useCallback(
    (value: string) => {
      if (!isTabOf(tabs, value)) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === fallback) next.delete('tab');
          else next.set('tab', value);
          return next;
        },
        { replace: true },
      );
    },
    [tabs, fallback, setParams],
  );
  return [tabOf(tabs, params, fallback), selectTab];
}
