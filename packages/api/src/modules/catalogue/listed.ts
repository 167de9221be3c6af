import type { FilterQuery } from '@mikro-orm/core';
import type { Vendor } from '../vendors/vendors.entities.js';
import type { Product } from './catalogue.entities.js';

/**
 * What the public sees, written once. A listed shop is verified and its owner is not suspended; a
 * listed product is not archived and belongs to a listed shop. Catalogue, cart, wishlist, checkout,
 * reports and the admin figures all mean exactly this.
 */
export const listedShop = { verifiedAt: { $ne: null }, user: { status: 'active' } } satisfies FilterQuery<Vendor>;

export const listedProduct = { archivedAt: null, vendor: listedShop } satisfies FilterQuery<Product>;

/** `listedProduct` for raw SQL over `products p join vendors v ... join users u` (the hot read paths). */
export const LISTED_PRODUCT_SQL = `p.archived_at is null and v.verified_at is not null and u.status = 'active'`;
