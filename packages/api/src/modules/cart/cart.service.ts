import {
  type AddToCartInput,
  CART_TEXT,
  type CartItemDto,
  type CartItemRemovedDto,
  type ProductDto,
  type UpdateCartItemInput,
} from '@caps/contracts';
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import { DomainError } from '../../errors.js';
import * as catalogue from '../catalogue/catalogue.service.js';
import { LISTED_PRODUCT_SQL } from '../catalogue/listed.js';
import { CartItemSchema } from './cart.entities.js';
import { type CartRow, toCartItemDto } from './cart.mapper.js';

type AddData = z.output<typeof AddToCartInput>;
type UpdateData = z.output<typeof UpdateCartItemInput>;

/**
 * Lines with their products in one statement. `available` is the catalogue's rule for a listed
 * product: a line whose product stopped being listed stays in the cart, marked, so the customer can
 * see and remove it.
 */
const CART_LINES = `select c.id as item_id, c.size, c.quantity, c.created_at,
  p.id, p.vendor_id, p.name, p.description, p.price_kobo, p.stock, p.category, p.sizes, p.images,
  p.rating_average, p.rating_count, v.shop_name,
  case when ${LISTED_PRODUCT_SQL} then 1 else 0 end as available
  from cart_items c
  join products p on p.id = c.product_id
  join vendors v on v.id = p.vendor_id
  join users u on u.id = v.user_id
  where c.user_id = ?`;

/** The caller's cart, newest line first. */
export async function listCart(ctx: AuthedContext): Promise<CartItemDto[]> {
  const rows = await ctx.em.execute<CartRow[]>(`${CART_LINES} order by c.created_at desc, c.id desc`, [ctx.user.id]);
  return rows.map(toCartItemDto);
}

/** Sum of the quantities in the caller's cart (the header badge). */
export async function cartCount(ctx: AuthedContext): Promise<number> {
  const rows = await ctx.em.execute<{ total: number | string | null }[]>(
    'select coalesce(sum(quantity), 0) as total from cart_items where user_id = ?',
    [ctx.user.id],
  );
  return Number(rows[0]?.total ?? 0);
}

/** One of the caller's lines; someone else's line reads as missing. */
async function lineOf(ctx: AuthedContext, itemId: number): Promise<CartItemDto> {
  const rows = await ctx.em.execute<CartRow[]>(`${CART_LINES} and c.id = ?`, [ctx.user.id, itemId]);
  const row = rows[0];
  if (!row) throw new DomainError('NOT_FOUND', CART_TEXT.itemNotFound);
  return toCartItemDto(row);
}

/** The product's own spelling of the size asked for (XL for xl), or a 422 naming the sizes there are. */
function sizeOf(product: ProductDto, wanted: string): string {
  if (product.sizes.length === 0 && wanted === '') return '';
  const match = wanted === '' ? undefined : product.sizes.find((s) => s.toLowerCase() === wanted.toLowerCase());
  if (match === undefined) {
    const message = CART_TEXT.validSize(product.sizes);
    throw new DomainError('VALIDATION', message, { size: [message] });
  }
  return match;
}

/**
 * How many of this product the caller already has in the cart, over every size: stock is counted per
 * product, so two sizes of one cap share it.
 */
async function quantityInCart(ctx: AuthedContext, productId: number, exceptItemId?: number): Promise<number> {
  const rows = await ctx.em.execute<{ total: number | string | null }[]>(
    `select coalesce(sum(quantity), 0) as total from cart_items where user_id = ? and product_id = ?${
      exceptItemId === undefined ? '' : ' and id <> ?'
    }`,
    exceptItemId === undefined ? [ctx.user.id, productId] : [ctx.user.id, productId, exceptItemId],
  );
  return Number(rows[0]?.total ?? 0);
}

function checkStock(product: ProductDto, size: string, wanted: number, inCart: number): void {
  if (product.stock <= 0) throw new DomainError('OUT_OF_STOCK', CART_TEXT.outOfStock(product.name));
  if (inCart + wanted > product.stock) {
    throw new DomainError('OUT_OF_STOCK', CART_TEXT.onlyLeft(product.stock, size, inCart));
  }
}

async function lineIdOf(ctx: AuthedContext, productId: number, size: string): Promise<number | null> {
  const line = await ctx.em.findOne(
    CartItemSchema,
    { user: ctx.user.id, product: productId, size },
    { fields: ['id'], disableIdentityMap: true },
  );
  return line ? line.id : null;
}

/**
 * Adds to the line of this product and size, making it if there is none. The increment is one
 * statement, so simultaneous adds never lose each other's quantity; a simultaneous first add trips the
 * unique (user, product, size) constraint and is retried as an increment instead of making a second line.
 * A race can still take a line past the stock: checkout reserves stock and refuses it there.
 */
async function addToLine(ctx: AuthedContext, productId: number, size: string, quantity: number): Promise<number> {
  let lineId = await lineIdOf(ctx, productId, size);
  if (lineId === null) {
    try {
      const now = new Date();
      // A native insert: a failed one leaves nothing behind in this request's unit of work.
      const id = await ctx.em.insert(CartItemSchema, {
        user: ctx.user.id,
        product: productId,
        size,
        quantity,
        createdAt: now,
        updatedAt: now,
      });
      return Number(id);
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      lineId = await lineIdOf(ctx, productId, size);
      if (lineId === null) throw error;
    }
  }
  await ctx.em.nativeUpdate(
    CartItemSchema,
    { id: lineId },
    { quantity: raw('quantity + ?', [quantity]), updatedAt: new Date() },
  );
  return lineId;
}

/**
 * POST /cart. The product must be publicly listed (else 404), the size one of its sizes (else 422) and
 * the stock enough for what the cart will then hold (else 409). The price is always the product's.
 */
export async function addToCart(ctx: AuthedContext, input: AddData): Promise<CartItemDto> {
  const product = await catalogue.getProduct(ctx, input.product_id);
  const size = sizeOf(product, input.size);
  checkStock(product, size, input.quantity, await quantityInCart(ctx, product.id));
  const lineId = await addToLine(ctx, product.id, size, input.quantity);
  return lineOf(ctx, lineId);
}

/** The product of a line, if it is still publicly listed: an unlisted one can only be removed. */
async function listedProductOf(ctx: AuthedContext, productId: number): Promise<ProductDto> {
  try {
    return await catalogue.getProduct(ctx, productId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') {
      throw new DomainError('PRODUCT_UNAVAILABLE', CART_TEXT.unavailable);
    }
    throw error;
  }
}

/** PUT /cart/{id}: sets the quantity of one of the caller's lines; zero or below removes it (spec 4). */
export async function updateCartItem(ctx: AuthedContext, input: UpdateData): Promise<CartItemDto | CartItemRemovedDto> {
  const line = await ctx.em.findOne(CartItemSchema, { id: input.id, user: ctx.user.id });
  if (!line) throw new DomainError('NOT_FOUND', CART_TEXT.itemNotFound);
  if (input.quantity <= 0) return removeCartItem(ctx, line.id);
  const product = await listedProductOf(ctx, line.product.id);
  checkStock(product, line.size, input.quantity, await quantityInCart(ctx, product.id, line.id));
  line.quantity = input.quantity;
  await ctx.em.flush();
  return lineOf(ctx, line.id);
}

/** DELETE /cart/{id}: removes one of the caller's lines. */
export async function removeCartItem(ctx: AuthedContext, itemId: number): Promise<CartItemRemovedDto> {
  const deleted = await ctx.em.nativeDelete(CartItemSchema, { id: itemId, user: ctx.user.id });
  if (deleted === 0) throw new DomainError('NOT_FOUND', CART_TEXT.itemNotFound);
  return { message: CART_TEXT.itemRemoved, removed: true };
}

/** DELETE /cart: removes every line of the caller's cart in one statement. */
export async function clearCart(ctx: AuthedContext): Promise<{ message: string }> {
  await ctx.em.nativeDelete(CartItemSchema, { user: ctx.user.id });
  return { message: CART_TEXT.cleared };
}
