/** Spec 9: vendor data is fresh for 1 minute and kept for 5. */
export const VENDOR_QUERY_CACHE = { staleTime: 60_000, gcTime: 5 * 60_000 } as const;
