import { isSuccess, parseBody, timedGet } from './timed-fetch';

/** Who the server lets through; a call made as anyone else answers 401 or 403, which is a result too. */
export type EndpointAccess = 'public' | 'signed-in' | 'customer' | 'vendor' | 'admin' | 'vendor-or-admin';

export const ACCESS_LABELS: Record<EndpointAccess, string> = {
  public: 'Public',
  'signed-in': 'Signed in',
  customer: 'Customer',
  vendor: 'Vendor',
  admin: 'Admin',
  'vendor-or-admin': 'Vendor or admin',
};

/** One GET of spec 7. Only GETs: the developer pages must not change data. */
export interface DevEndpoint {
  /** The path as spec 7 writes it; `{id}` is filled in from the first item of `idFrom` at run time. */
  path: string;
  access: EndpointAccess;
  idFrom?: string;
}

/**
 * The GET calls of spec 7 that are safe to fire from a browser. Left out: /payment/callback and
 * /payment/verify, which need a payment reference and settle a payment when given one.
 */
export const DEV_ENDPOINTS: readonly DevEndpoint[] = [
  { path: '/api/products', access: 'public' },
  { path: '/api/products/{id}', access: 'public', idFrom: '/api/products' },
  { path: '/api/vendors', access: 'public' },
  { path: '/api/vendors/{id}', access: 'public', idFrom: '/api/vendors' },
  { path: '/api/reviews', access: 'public' },
  { path: '/api/cart', access: 'customer' },
  { path: '/api/orders', access: 'customer' },
  { path: '/api/orders/{id}', access: 'customer', idFrom: '/api/orders' },
  { path: '/api/wishlist', access: 'customer' },
  { path: '/api/profile', access: 'signed-in' },
  { path: '/api/vendors/{id}/reports', access: 'vendor-or-admin', idFrom: '/api/vendors' },
  { path: '/api/vendor/dashboard', access: 'vendor' },
  { path: '/api/vendor/orders', access: 'vendor' },
  { path: '/api/coupons', access: 'vendor' },
  { path: '/api/admin/dashboard', access: 'admin' },
  { path: '/api/admin/users', access: 'admin' },
  { path: '/api/admin/vendors', access: 'admin' },
  { path: '/api/admin/products', access: 'admin' },
];

/** The endpoint with this spec path; the first one when the path is unknown (a stale select value). */
export function endpointByPath(path: string): DevEndpoint {
  return DEV_ENDPOINTS.find((endpoint) => endpoint.path === path) ?? (DEV_ENDPOINTS[0] as DevEndpoint);
}

/** Why a path could not be filled in: the list it takes its id from failed or was empty. */
export class UnresolvedPathError extends Error {
  override name = 'UnresolvedPathError';
}

/** The id of the first item of a list answer: a plain array, or a page with `data` (GET /products). */
function firstIdOf(body: unknown): number | null {
  const items = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data)
      ? body.data
      : [];
  const first: unknown = items[0];
  if (typeof first === 'object' && first !== null && 'id' in first && typeof first.id === 'number') return first.id;
  return null;
}

/**
 * The path to call. A `{id}` path first GETs its list (with the same token) and takes the first
 * item's id, so the page tests real records of this database, never a made-up id.
 */
export async function resolvePath(endpoint: DevEndpoint, signal?: AbortSignal): Promise<string> {
  if (!endpoint.idFrom) return endpoint.path;
  const list = await timedGet(endpoint.idFrom, signal);
  if (!isSuccess(list)) {
    const answer = list.status === 0 ? (list.error ?? 'no answer') : `${list.status} ${list.statusText}`.trim();
    throw new UnresolvedPathError(`No id to use: GET ${endpoint.idFrom} answered ${answer}.`);
  }
  const id = firstIdOf(parseBody(list.text));
  if (id === null) throw new UnresolvedPathError(`No id to use: GET ${endpoint.idFrom} returned no items.`);
  return endpoint.path.replace('{id}', String(id));
}
