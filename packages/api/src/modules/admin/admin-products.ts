import {
  type AdminListQuery,
  type AdminProductDto,
  type AdminProductUpdateData,
  ERROR_MESSAGES,
  nairaToKobo,
  type PagedAdminProductsDto,
} from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { type Product, ProductSchema } from '../catalogue/catalogue.entities.js';
import { toProductDto } from '../catalogue/catalogue.mapper.js';
import { catalogueChanged } from '../catalogue/catalogue.search.js';
import { containsAny, newestPage } from './admin.mapper.js';
import { recordAdminAction } from './audit.js';

type ListQuery = z.output<typeof AdminListQuery>;

/** Expects `vendor` loaded. The catalogue's product shape without the review list, plus archive and display status. */
function toAdminProductDto(product: Product): AdminProductDto {
  const { reviews: _reviews, ...dto } = toProductDto(
    {
      id: product.id,
      vendor_id: product.vendor.id,
      name: product.name,
      description: product.description,
      price_kobo: product.priceKobo,
      stock: product.stock,
      category: product.category,
      sizes: product.sizes,
      images: product.images,
      rating_average: product.ratingAverage,
      rating_count: product.ratingCount,
      created_at: product.createdAt,
      shop_name: product.vendor.shopName,
    },
    [],
  );
  return {
    ...dto,
    archived: Boolean(product.archivedAt),
    archived_at: product.archivedAt?.toISOString() ?? null,
    status: product.archivedAt ? 'Archived' : product.stock > 0 ? 'Active' : 'Out of Stock',
  };
}

/** GET /admin/products: every cap of every shop, archived ones included, newest first, searched by name or category. */
export async function listProducts(ctx: AuthedContext, query: ListQuery): Promise<PagedAdminProductsDto> {
  const qb = ctx.em.createQueryBuilder(ProductSchema, 'p').joinAndSelect('p.vendor', 'v');
  const [products, page] = await newestPage(qb, containsAny(['p.name', 'p.category'], query.search), query);
  return { data: products.map(toAdminProductDto), ...page };
}

async function findProduct(em: Em, id: number): Promise<Product> {
  const product = await em.findOne(ProductSchema, { id }, { populate: ['vendor'] });
  if (!product) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.productNotFound);
  return product;
}

/** GET /admin/products/{id}. */
export async function getProduct(ctx: AuthedContext, id: number): Promise<AdminProductDto> {
  return toAdminProductDto(await findProduct(ctx.em, id));
}

/** PUT /admin/products/{id}: name, category, price (naira) and stock; only the fields sent change. */
export async function updateProduct(ctx: AuthedContext, input: AdminProductUpdateData): Promise<AdminProductDto> {
  const changed = await ctx.em.transactional(async (em) => {
    const product = await findProduct(em, input.id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const change = <K extends 'name' | 'category' | 'priceKobo' | 'stock'>(key: K, value: Product[K] | undefined) => {
      if (value === undefined || product[key] === value) return;
      changes[key] = { from: product[key], to: value };
      product[key] = value;
    };
    change('name', input.name);
    change('category', input.category);
    change('priceKobo', input.price === undefined ? undefined : nairaToKobo(input.price));
    change('stock', input.stock);
    if (Object.keys(changes).length === 0) return false;
    recordAdminAction(em, ctx, 'product.update', 'product', product.id, { changes });
    await em.flush();
    return true;
  });
  // Name, category, price and stock are all things the catalogue lists, filters or searches by.
  if (changed) await catalogueChanged(ctx, { productIds: [input.id] });
  return getProduct(ctx, input.id);
}

/**
 * DELETE /admin/products/{id}: archives the cap (the vendor's own archive: gone from the catalogue,
 * kept for the orders that have it). Archiving an archived cap answers it unchanged.
 */
export async function archiveProduct(ctx: AuthedContext, id: number): Promise<AdminProductDto> {
  const archived = await ctx.em.transactional(async (em) => {
    const product = await findProduct(em, id);
    if (product.archivedAt) return false;
    product.archivedAt = new Date();
    recordAdminAction(em, ctx, 'product.archive', 'product', product.id, { name: product.name });
    await em.flush();
    return true;
  });
  if (archived) await catalogueChanged(ctx, { productIds: [id] });
  return getProduct(ctx, id);
}
