import type { Services } from '../context.js';
import type { Em } from '../db/orm.js';
import { UserSchema } from '../modules/auth/auth.entities.js';
import { hashPassword } from '../modules/auth/password.js';
import { refreshSearchText } from '../modules/catalogue/catalogue.search.js';
import { refreshReviewRatings } from '../modules/reviews/reviews.service.js';
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD, DEMO_CUSTOMER_PASSWORD, DEMO_VENDOR_PASSWORD } from './accounts.js';
import { SHOPS } from './demo-data/shops.js';
import { drawPictures } from './pictures.js';
import { seededRandom } from './random.js';
import { emptyDatabase, removeStoredImages } from './reset.js';
import { startRun } from './run.js';
import { seedAfterSale } from './steps/after-sale.js';
import { planProducts, seedCatalogue, seedCoupons } from './steps/catalogue.js';
import { seedCheckouts } from './steps/checkouts.js';
import { seedInbox } from './steps/inbox.js';
import { seedLedger } from './steps/ledger.js';
import { seedMessages } from './steps/messages.js';
import { seedPayouts } from './steps/payouts.js';
import { seedAdmin, seedCustomers, seedShops } from './steps/people.js';
import { seedReviews } from './steps/reviews.js';
import { seedWishlistsAndCarts } from './steps/shopping.js';

/**
 * Demo data for a fresh install: shops, caps with pictures, customers with orders in every state,
 * reviews, coupons, reports and messages. The data lives in demo-data/, the steps that store it in steps/.
 * A seeded generator makes every run build the same data (only dates move with the clock, and stored
 * image names are random as the store makes them): the steps draw from it in the order below, so
 * reordering them changes the data.
 */

export { DEMO_ACCOUNTS, type DemoAccount } from './accounts.js';

export interface DemoSeedResult {
  accounts: typeof DEMO_ACCOUNTS;
  /** Rows made per kind, for the CLI to report. */
  counts: Record<string, number>;
}

/** Fills the database with the demo data. With reset, empties every table and our stored images first. */
export async function seedDemo(services: Services, options: { reset?: boolean } = {}): Promise<DemoSeedResult> {
  if (options.reset) {
    await emptyDatabase(services);
    await removeStoredImages(services.images.dir);
  }

  const now = Date.now();
  const rand = seededRandom(20_240_601);
  const shopAges = SHOPS.map((shop) => (shop.verified ? rand.between(180, 330) : rand.between(6, 20)));
  const planned = planProducts(rand, now, shopAges);

  // Three distinct passwords, hashed once each (argon2id is deliberately slow).
  const [adminHash, vendorHash, customerHash] = await Promise.all([
    hashPassword(DEMO_ADMIN_PASSWORD),
    hashPassword(DEMO_VENDOR_PASSWORD),
    hashPassword(DEMO_CUSTOMER_PASSWORD),
  ]);

  const stored: string[] = [];
  try {
    const pictures = await drawPictures(services.images, planned, stored);
    const em = services.orm.em.fork() as Em;
    const counts = await em.transactional(async (tx) => {
      const { run, counts } = startRun(tx as Em, rand, now);
      const admin = seedAdmin(run, adminHash);
      const vendors = seedShops(run, shopAges, pictures.shops, vendorHash);
      const customers = seedCustomers(run, customerHash);
      const products = seedCatalogue(run, vendors, planned, pictures.products);
      const coupons = seedCoupons(run, vendors);
      await tx.flush();
      const delivered = seedCheckouts(run, customers, vendors, products, coupons);
      seedReviews(run, customers, vendors, delivered);
      seedInbox(run, admin, customers, vendors);
      seedWishlistsAndCarts(run, customers, products);
      await tx.flush();
      await seedLedger(run);
      await seedPayouts(run);
      await seedAfterSale(run);
      await seedMessages(run, services);
      await refreshSearchText(tx as Em);
      await refreshReviewRatings(tx as Em);
      return counts;
    });
    counts.images = stored.length;
    // Every server process forgets its totals (Redis), not only this one.
    await services.catalogueTotals.changed();
    return { accounts: DEMO_ACCOUNTS, counts };
  } catch (error) {
    await Promise.all(stored.map((name) => services.images.remove(name)));
    throw error;
  }
}

/** Seeds the demo data only into an empty database (no users yet); returns null when there was data. */
export async function seedDemoIfEmpty(services: Services): Promise<DemoSeedResult | null> {
  const users = await services.orm.em.fork().count(UserSchema, {});
  if (users > 0) return null;
  return seedDemo(services);
}
