import { type CartItemDto, koboToNaira } from '@caps/contracts';
import { type ProductRow, toProductDto } from '../catalogue/catalogue.mapper.js';

/**
 * A cart line joined with its product as the cart query selects it: the product columns under the
 * catalogue's names (so the catalogue's mapping gives the same prices and image URLs) and the line's
 * id as item_id. `created_at` is the line's: the cart does not show the product's.
 */
export interface CartRow extends ProductRow {
  item_id: number;
  size: string;
  quantity: number;
  /** 1 while the product is publicly listed; SQLite and PostgreSQL both answer an integer. */
  available: number | string | boolean;
}

export function toCartItemDto(row: CartRow): CartItemDto {
  const product = toProductDto(row, []);
  const quantity = Number(row.quantity);
  return {
    id: Number(row.item_id),
    product_id: product.id,
    size: row.size,
    quantity,
    product: {
      name: product.name,
      description: product.description,
      price: product.price,
      images: product.images,
      category: product.category,
      vendor: product.vendor,
      stock: product.stock,
      sizes: product.sizes,
      in_stock: product.in_stock,
    },
    // Multiplied in kobo, so the naira total carries no float error.
    line_total: koboToNaira(Number(row.price_kobo) * quantity),
    available: Number(row.available) === 1 || row.available === true,
    created_at: product.created_at,
  };
}
