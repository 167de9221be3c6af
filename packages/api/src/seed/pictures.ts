import { availableParallelism } from 'node:os';
import type { ImageStore } from '../images/image-store.js';
import { PALETTES, renderCapPng, saveShopImages } from './cap-images.js';
import { CAP_KINDS } from './demo-data/cap-kinds.js';
import { SHOPS } from './demo-data/shops.js';
import type { PlannedProduct } from './steps/catalogue.js';

/**
 * Runs jobs with a bounded number in flight, keeping results in input order. After a failure no new
 * job starts, and it throws only once the running ones have settled, so the caller can clean up after all.
 */
async function inParallel<T, R>(items: readonly T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let nextIndex = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (failures.length === 0 && nextIndex < items.length) {
      const index = nextIndex;
      nextIndex += 1;
      try {
        results[index] = await job(items[index]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}

export interface DemoPictures {
  /** Per shop of SHOPS, its stored profile and cover images. */
  shops: { profileImage: string; coverImage: string }[];
  /** Per planned product, its stored images. */
  products: string[][];
}

/**
 * Draws and stores every shop's and product's pictures. Each stored name is pushed onto `stored` as soon
 * as it exists, so the caller can remove them all when seeding fails.
 */
export async function drawPictures(
  images: ImageStore,
  products: readonly PlannedProduct[],
  stored: string[],
): Promise<DemoPictures> {
  const keep = (name: string): string => {
    stored.push(name);
    return name;
  };
  const limit = Math.max(2, availableParallelism());
  const shopPictures = await inParallel(SHOPS, limit, async (shop) => {
    const saved = await saveShopImages(
      images,
      shop.shopName,
      PALETTES[shop.palette],
      shop.kinds.map((k) => CAP_KINDS[k].style),
    );
    return { profileImage: keep(saved.profileImage), coverImage: keep(saved.coverImage) };
  });
  const jobs = products.flatMap((p, productIndex) => p.views.map((view) => ({ productIndex, design: p.design, view })));
  // Caps of the same kind and colour look alike, so each distinct picture is drawn once and stored per cap.
  const drawn = new Map<string, Promise<Buffer>>();
  const names = await inParallel(jobs, limit, async ({ design, view }) => {
    const key = `${design.style}|${design.palette.name}|${design.embroidery}|${view}`;
    let png = drawn.get(key);
    if (!png) {
      png = renderCapPng(design, view);
      drawn.set(key, png);
    }
    return keep(await images.save({ field: 'images', filename: `${design.style}-${view}.png`, data: await png }));
  });
  const productPictures: string[][] = products.map(() => []);
  jobs.forEach((job, index) => {
    productPictures[job.productIndex]!.push(names[index]!);
  });
  return { shops: shopPictures, products: productPictures };
}
