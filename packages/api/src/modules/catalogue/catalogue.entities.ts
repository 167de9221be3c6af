import { CATEGORIES } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KoboType } from '../../db/kobo.js';
import { VendorSchema } from '../vendors/vendors.entities.js';

const now = () => new Date();

/**
 * A cap. Price is integer kobo. Sizes and image names are ordered JSON lists. The rating columns are
 * kept in step with the reviews so the catalogue can sort by rating with an index.
 */
export const ProductSchema = defineEntity({
  name: 'Product',
  tableName: 'products',
  // The catalogue's usual filters with their sort orders; PostgreSQL also has a trigram index on
  // search_text (migration only, see catalogue.search.ts).
  indexes: [
    { properties: ['category', 'priceKobo'] },
    { properties: ['category', 'createdAt'] },
    { properties: ['vendor', 'createdAt'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    vendor: () => p.manyToOne(VendorSchema).deleteRule('cascade').index(),
    name: p.string().length(100).index(),
    description: p.text(),
    priceKobo: p.type(KoboType).index(),
    stock: p.integer(),
    category: p.enum([...CATEGORIES]).index(),
    sizes: p.json<string[]>(),
    images: p.json<string[]>(),
    /** Lower-cased name, description, category and shop name: what the catalogue search looks in. */
    searchText: p.text().default(''),
    ratingAverage: p.float().default(0).index(),
    ratingCount: p.integer().default(0),
    /**
     * The ratings of the product's reviews, oldest first, comma-separated ('4,5,3'); null without reviews.
     * Kept in step with the reviews with the other rating columns (refreshProductRating), so that a catalogue
     * page reads them with the row instead of a subquery of reviews per product.
     */
    reviewRatings: p.text().nullable(),
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now).index(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Product = InferEntity<typeof ProductSchema>;
