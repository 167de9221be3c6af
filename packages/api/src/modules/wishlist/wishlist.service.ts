import { WISHLIST_TEXT, type WishlistEntryDto } from '@caps/contracts';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedContext } from '../../access/roles.js';
import { DomainError } from '../../errors.js';
import { type ProductRow, toProductDto } from '../catalogue/catalogue.mapper.js';
import * as catalogue from '../catalogue/catalogue.service.js';
import { LISTED_PRODUCT_SQL } from '../catalogue/listed.js';
import { WishlistEntrySchema } from './wishlist.entities.js';

/** An entry joined with its product; `created_at` is the entry's (the wishlist does not show the product's). */
interface WishlistRow extends ProductRow {
  entry_id: number;
  available: number | string | boolean;
}

/**
 * Entries with their products in one statement. `available` is the catalogue's rule for a listed
 * product, so an entry whose cap stopped being listed stays visible (and removable) instead of vanishing.
 */
const WISHLIST_ENTRIES = `select w.id as entry_id, w.created_at,
  p.id, p.vendor_id, p.name, p.description, p.price_kobo, p.stock, p.category, p.sizes, p.images,
  p.rating_average, p.rating_count, v.shop_name,
  case when ${LISTED_PRODUCT_SQL} then 1 else 0 end as available
  from wishlist_entries w
  join products p on p.id = w.product_id
  join vendors v on v.id = p.vendor_id
  join users u on u.id = v.user_id
  where w.user_id = ?`;

function toEntryDto(row: WishlistRow): WishlistEntryDto {
  const product = toProductDto(row, []);
  return {
    id: Number(row.entry_id),
    product_id: product.id,
    created_at: product.created_at,
    product: {
      name: product.name,
      description: product.description,
      price: product.price,
      images: product.images,
      sizes: product.sizes,
      category: product.category,
      stock: product.stock,
      in_stock: product.in_stock,
      vendor: product.vendor,
    },
    available: Number(row.available) === 1 || row.available === true,
  };
}

/** The caller's wishlist, newest first. */
export async function listWishlist(ctx: AuthedContext): Promise<WishlistEntryDto[]> {
  const rows = await ctx.em.execute<WishlistRow[]>(`${WISHLIST_ENTRIES} order by w.created_at desc, w.id desc`, [
    ctx.user.id,
  ]);
  return rows.map(toEntryDto);
}

async function entryOf(ctx: AuthedContext, productId: number): Promise<WishlistEntryDto | null> {
  const rows = await ctx.em.execute<WishlistRow[]>(`${WISHLIST_ENTRIES} and w.product_id = ?`, [
    ctx.user.id,
    productId,
  ]);
  return rows[0] ? toEntryDto(rows[0]) : null;
}

/**
 * POST /wishlist. Idempotent: adding a cap already there answers the existing entry (`created` false),
 * also when a simultaneous add won the unique (user, product) constraint. Only listed caps can be added.
 */
export async function addToWishlist(
  ctx: AuthedContext,
  productId: number,
): Promise<{ entry: WishlistEntryDto; created: boolean }> {
  const existing = await entryOf(ctx, productId);
  if (existing) return { entry: existing, created: false };
  await catalogue.getProduct(ctx, productId);
  let created = true;
  try {
    await ctx.em.insert(WishlistEntrySchema, { user: ctx.user.id, product: productId, createdAt: new Date() });
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    created = false;
  }
  const entry = await entryOf(ctx, productId);
  if (!entry) throw new DomainError('NOT_FOUND', 'Product not found');
  return { entry, created };
}

/** DELETE /wishlist/{product_id}. Idempotent: removing a cap that is not there answers the same. */
export async function removeFromWishlist(ctx: AuthedContext, productId: number): Promise<{ message: string }> {
  await ctx.em.nativeDelete(WishlistEntrySchema, { user: ctx.user.id, product: productId });
  return { message: WISHLIST_TEXT.removed };
}

/** Whether the cap is on the caller's wishlist (the product page's toggle). */
export async function isWishlisted(ctx: AuthedContext, productId: number): Promise<boolean> {
  return (await ctx.em.count(WishlistEntrySchema, { user: ctx.user.id, product: productId })) > 0;
}
