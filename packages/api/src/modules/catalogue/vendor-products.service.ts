import {
  type CreateVendorProductData,
  VENDOR_PRODUCT_MESSAGES as M,
  MAX_PRODUCT_IMAGES,
  type MessageDto,
  nairaToKobo,
  type ProductDto,
  type UpdateVendorProductData,
  type VendorProductDto,
} from '@caps/contracts';
import { type AuthedContext, requireVendor, requireVerifiedVendor } from '../../access/roles.js';
import type { Context } from '../../context.js';
import { DomainError } from '../../errors.js';
import { type ImageUpload, imageUrl } from '../../images/image-store.js';
import { OrderItemSchema } from '../orders/orders.entities.js';
import type { Vendor } from '../vendors/vendors.entities.js';
import { type Product, ProductSchema } from './catalogue.entities.js';
import { type ProductRow, toProductDto } from './catalogue.mapper.js';
import { catalogueChanged } from './catalogue.search.js';

/**
 * A vendor's own caps: create, change, delete (or archive, once ordered) and list. Every query is
 * scoped by the caller's shop, so another shop's product reads as not found. Image files are stored
 * before the write and discarded if it fails; files a write drops are removed after it succeeds.
 */

type VendorRow = ProductRow & { archived_at: string | number | Date | null };

const OWN_COLUMNS = `p.id, p.vendor_id, p.name, p.description, p.price_kobo, p.stock, p.category, p.sizes, p.images,
  p.rating_average, p.rating_count, p.created_at, p.archived_at, v.shop_name`;

function isoOrNull(value: string | number | Date | null): string | null {
  if (value === null || value === undefined) return null;
  return (
    value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
  ).toISOString();
}

/** The vendor's products (all, or the given ids) as DTOs, newest first. */
async function ownProducts(ctx: Context, vendorId: number, ids?: number[]): Promise<VendorProductDto[]> {
  const params: number[] = [vendorId];
  let filter = '';
  if (ids) {
    if (ids.length === 0) return [];
    filter = ` and p.id in (${ids.map(() => '?').join(', ')})`;
    params.push(...ids);
  }
  const rows = await ctx.em.execute<VendorRow[]>(
    `select ${OWN_COLUMNS} from products p join vendors v on v.id = p.vendor_id
     where p.vendor_id = ?${filter} order by p.created_at desc, p.id desc`,
    params,
  );
  const ratings = new Map<number, number[]>();
  if (rows.length) {
    const reviewRows = await ctx.em.execute<{ product_id: number; rating: number }[]>(
      `select product_id, rating from reviews where product_id in (${rows.map(() => '?').join(', ')}) order by id`,
      rows.map((row) => Number(row.id)),
    );
    for (const review of reviewRows) {
      const id = Number(review.product_id);
      ratings.set(id, [...(ratings.get(id) ?? []), Number(review.rating)]);
    }
  }
  return rows.map((row) => {
    const archivedAt = isoOrNull(row.archived_at);
    return {
      ...toProductDto(row, ratings.get(Number(row.id)) ?? []),
      archived: archivedAt !== null,
      archived_at: archivedAt,
    };
  });
}

async function productDto(ctx: Context, vendorId: number, id: number): Promise<ProductDto> {
  const [dto] = await ownProducts(ctx, vendorId, [id]);
  if (!dto) throw new DomainError('NOT_FOUND', 'Product not found');
  const { archived: _archived, archived_at: _archivedAt, ...product } = dto;
  return product;
}

function tooManyImages(): DomainError {
  return new DomainError('VALIDATION', M.tooManyImages, { images: [M.tooManyImages] });
}

/** Checks every upload, then stores them; `discard` removes them again if the write fails. */
async function storeImages(ctx: Context, uploads: ImageUpload[]) {
  for (const upload of uploads) await ctx.services.images.check(upload);
  const stored: string[] = [];
  const discard = () => Promise.all(stored.map((name) => ctx.services.images.remove(name)));
  try {
    for (const upload of uploads) stored.push(await ctx.services.images.save(upload));
  } catch (error) {
    await discard();
    throw error;
  }
  return { stored, discard };
}

async function ownProduct(ctx: Context, vendor: Vendor, id: number): Promise<Product> {
  const product = await ctx.em.findOne(ProductSchema, { id, vendor: vendor.id });
  if (!product) throw new DomainError('NOT_FOUND', 'Product not found');
  return product;
}

/** The stored image names `keep` refers to (by stored name or URL), in its order. */
function keptImages(current: string[], keep: string[]): string[] {
  const kept: string[] = [];
  for (const entry of keep) {
    const match = current.find((name) => {
      const url = imageUrl(name);
      if (url === null) return entry === name;
      return entry === name || entry === url || (url.startsWith('/') && entry.endsWith(url));
    });
    if (!match) throw new DomainError('VALIDATION', M.unknownImage, { keep_images: [M.unknownImage] });
    if (!kept.includes(match)) kept.push(match);
  }
  return kept;
}

/** A new cap of the caller's shop, which must be verified (as for every change of its caps). */
export async function createProduct(
  ctx: AuthedContext,
  input: CreateVendorProductData,
  uploads: ImageUpload[] = [],
): Promise<ProductDto> {
  const vendor = await requireVerifiedVendor(ctx);
  if (uploads.length > MAX_PRODUCT_IMAGES) throw tooManyImages();
  const { stored, discard } = await storeImages(ctx, uploads);
  let id: number;
  try {
    const product = ctx.em.create(ProductSchema, {
      vendor,
      name: input.name,
      description: input.description,
      priceKobo: nairaToKobo(input.price),
      stock: input.stock,
      category: input.category,
      sizes: input.sizes,
      images: stored,
      ratingAverage: 0,
      ratingCount: 0,
      archivedAt: null,
    });
    await ctx.em.flush();
    id = product.id;
  } catch (error) {
    await discard();
    throw error;
  }
  await catalogueChanged(ctx, { productIds: [id] });
  return productDto(ctx, vendor.id, id);
}

/** Changes only the fields sent; new images are appended after the kept ones (all of them when keep_images is absent). */
export async function updateProduct(
  ctx: AuthedContext,
  input: UpdateVendorProductData,
  uploads: ImageUpload[] = [],
): Promise<ProductDto> {
  const vendor = await requireVerifiedVendor(ctx);
  const product = await ownProduct(ctx, vendor, input.id);
  const current = [...product.images];
  const kept = input.keep_images ? keptImages(current, input.keep_images) : current;
  if (kept.length + uploads.length > MAX_PRODUCT_IMAGES) throw tooManyImages();
  const { stored, discard } = await storeImages(ctx, uploads);
  try {
    if (input.name !== undefined) product.name = input.name;
    if (input.description !== undefined) product.description = input.description;
    if (input.price !== undefined) product.priceKobo = nairaToKobo(input.price);
    if (input.stock !== undefined) product.stock = input.stock;
    if (input.category !== undefined) product.category = input.category;
    if (input.sizes !== undefined) product.sizes = input.sizes;
    if (input.keep_images !== undefined || stored.length) product.images = [...kept, ...stored];
    await ctx.em.flush();
  } catch (error) {
    await discard();
    throw error;
  }
  await catalogueChanged(ctx, { productIds: [product.id] });
  const removed = current.filter((name) => !kept.includes(name));
  await Promise.all(removed.map((name) => ctx.services.images.remove(name)));
  return productDto(ctx, vendor.id, product.id);
}

/** Deletes the caller's product, or archives it when an order has it, so no order loses its lines. */
export async function removeProduct(ctx: AuthedContext, id: number): Promise<MessageDto> {
  const vendor = await requireVerifiedVendor(ctx);
  const product = await ownProduct(ctx, vendor, id);
  const ordered = await ctx.em.count(OrderItemSchema, { product: product.id });
  if (ordered > 0) {
    if (!product.archivedAt) product.archivedAt = new Date();
    await ctx.em.flush();
    await catalogueChanged(ctx, { productIds: [product.id] });
    return { message: M.archived };
  }
  const images = [...product.images];
  ctx.em.getUnitOfWork().unsetIdentity(product);
  await ctx.em.nativeDelete(ProductSchema, { id: product.id, vendor: vendor.id });
  await catalogueChanged(ctx, { productIds: [product.id] });
  await Promise.all(images.map((name) => ctx.services.images.remove(name)));
  return { message: M.deleted };
}

/** The caller's products, archived ones included and flagged, newest first. */
export async function listOwnProducts(ctx: AuthedContext): Promise<VendorProductDto[]> {
  const vendor = await requireVendor(ctx);
  return ownProducts(ctx, vendor.id);
}
