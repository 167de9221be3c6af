import { CartItemSchema } from '../../modules/cart/cart.entities.js';
import { WishlistEntrySchema } from '../../modules/wishlist/wishlist.entities.js';
import { SHOPS } from '../demo-data/shops.js';
import { DAY, HOUR } from '../random.js';
import type { SeedRun } from '../run.js';
import type { SeededProduct } from './catalogue.js';
import type { SeededCustomer } from './people.js';

/** Wishlists for every customer (five caps for Amina) and carts for Amina and Chidi, of listed caps only. */
export function seedWishlistsAndCarts(
  run: SeedRun,
  customers: readonly SeededCustomer[],
  products: readonly SeededProduct[],
): void {
  const { em, rand, at, count } = run;
  // Wishlists and carts cannot hold a cap from before it was listed.
  const notBefore = (floor: Date, date: Date) => (date < floor ? new Date(floor.getTime() + HOUR) : date);
  const listed = products.filter((p) => SHOPS[p.planned.shop]!.verified);
  customers.forEach((customer, index) => {
    const wished = rand.sample(listed, index === 0 ? 5 : rand.int(0, 3));
    for (const p of wished) {
      em.create(WishlistEntrySchema, {
        user: customer.user,
        product: p.entity,
        createdAt: notBefore(p.entity.createdAt, at(rand.between(0.5, 30) * DAY)),
      });
      count('wishlistEntries');
    }
  });
  const inStock = listed.filter((p) => p.planned.stock > 0);
  for (const [customerIndex, lines] of [
    [0, 2],
    [1, 1],
  ] as const) {
    for (const p of rand.sample(inStock, lines)) {
      const addedAt = notBefore(p.entity.createdAt, at(rand.between(1, 48) * HOUR));
      em.create(CartItemSchema, {
        user: customers[customerIndex]!.user,
        product: p.entity,
        size: rand.pick(p.planned.sizes),
        quantity: rand.int(1, 2),
        createdAt: addedAt,
        updatedAt: addedAt,
      });
      count('cartItems');
    }
  }
}
