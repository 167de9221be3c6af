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
