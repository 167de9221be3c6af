import { type Product, ProductSchema } from '../../modules/catalogue/catalogue.entities.js';
import { type Coupon, CouponSchema } from '../../modules/coupons/coupons.entities.js';
import type { Vendor } from '../../modules/vendors/vendors.entities.js';
import { type CapDesign, type CapView, EMBROIDERY_NAMES, PALETTES } from '../cap-images.js';
import { CAP_KINDS, type CapKind } from '../demo-data/cap-kinds.js';
import { VENDOR_COUPONS } from '../demo-data/coupons.js';
import { PRODUCTS_PER_PENDING_SHOP, PRODUCTS_PER_VERIFIED_SHOP, SHOPS } from '../demo-data/shops.js';
import { DAY, type Random } from '../random.js';
import type { SeedRun } from '../run.js';

function priceKobo(rand: Random, [min, max]: readonly [number, number]): number {
  return rand.int(min / 500, max / 500) * 500 * 100;
}

function sizesFor(rand: Random, kind: CapKind): string[] {
  const set = rand.pick(kind.sizes);
  if (set.length <= 2) return [...set];
  // A contiguous run of the set, so a shop offers e.g. 56-58 rather than 55 and 59 only.
  const count = rand.int(Math.min(2, set.length), Math.min(5, set.length));
  const start = rand.int(0, set.length - count);
  return set.slice(start, start + count);
}

function describe(rand: Random, kind: CapKind, design: CapDesign, material: string, city: string): string {
  const { palette, embroidery } = design;
  const look =
    kind.style === 'fula'
      ? `Woven ${material} in ${palette.name.toLowerCase()} with ${palette.threadName} leather on the crown, band and brim.`
      : embroidery === 'ankara'
        ? `Cut from ${palette.name.toLowerCase()} ${material} with a bold print that no two caps share exactly.`
        : embroidery === 'stripes'
          ? `${palette.name} ${material} with a ${EMBROIDERY_NAMES[embroidery]} in ${palette.threadName}.`
          : `${palette.name} ${material} with ${EMBROIDERY_NAMES[embroidery]} embroidery in ${palette.threadName} thread.`;
  const craft = rand.pick([
    `Made by hand in ${city}.`,
    `Stitched in our ${city} workshop and checked before dispatch.`,
    `Finished by hand in ${city}; small differences in the stitching are part of its character.`,
  ]);
  const fit = rand.pick([
    'Sizes are head circumference in centimetres or the usual letters; between sizes, choose the larger.',
    'Fits true to size and softens a little with wear.',
    'Lined with soft cotton for all-day comfort.',
  ]);
  const care = rand.pick([
    'Spot clean only and store on a round form to keep its shape.',
    'Hand wash in cold water; do not wring.',
    'Keep out of strong sun to protect the colours.',
  ]);
  return `${kind.intro} ${look} ${craft} ${fit} ${care}`;
}

export interface PlannedProduct {
  shop: number;
  kind: CapKind;
  design: CapDesign;
  name: string;
  description: string;
  priceKobo: number;
  stock: number;
  sizes: string[];
  views: CapView[];
  createdAt: Date;
}

/** Decides every product (and its pictures) before any image is drawn, so the random sequence is fixed. */
export function planProducts(rand: Random, now: number, shopAges: readonly number[]): PlannedProduct[] {
  const planned: PlannedProduct[] = [];
  SHOPS.forEach((shop, shopIndex) => {
    const count = shop.verified ? PRODUCTS_PER_VERIFIED_SHOP : PRODUCTS_PER_PENDING_SHOP;
    const names = new Set<string>();
    for (let i = 0; i < count; i += 1) {
      const kind: CapKind = CAP_KINDS[shop.kinds[i % shop.kinds.length]!];
      let paletteKey = rand.pick(kind.palettes);
      let name = `${kind.name} - ${PALETTES[paletteKey].name}`;
      for (let attempt = 0; names.has(name) && attempt < 10; attempt += 1) {
        paletteKey = rand.pick(kind.palettes);
        name = `${kind.name} - ${PALETTES[paletteKey].name}`;
      }
      if (names.has(name))
        name = `${kind.name} - ${PALETTES[paletteKey].name} (${rand.pick(['Classic', 'Deluxe', 'Festive'])})`;
      names.add(name);
      const design: CapDesign = {
        style: kind.style,
        palette: PALETTES[paletteKey],
        embroidery: rand.pick(kind.embroideries),
      };
      const material = rand.pick(kind.materials);
      // Verified shops list caps only after verification (at most 4 days after sign-up).
      const shopAge = shopAges[shopIndex]!;
      const ageDays = rand.between(0.5, shop.verified ? shopAge - 5 : shopAge - 0.5);
      const imageCount = rand.weighted([
        [1, 7],
        [2, 2],
        [3, 1],
      ] as const);
      planned.push({
        shop: shopIndex,
        kind,
        design,
        name,
        description: describe(rand, kind, design, material, shop.city),
        priceKobo: priceKobo(rand, kind.priceNaira),
        // Every fourteenth cap is sold out, so the catalogue always shows some "Out of Stock" badges.
        stock: planned.length % 14 === 5 ? 0 : rand.int(1, 60),
        sizes: sizesFor(rand, kind),
        views: (['front', 'detail', 'tilted'] as const).slice(0, imageCount),
        createdAt: new Date(now - ageDays * DAY),
      });
    }
  });
  return planned;
}

/** A listed cap and the plan it was made from (its kind, shop and sizes). */
export interface SeededProduct {
  planned: PlannedProduct;
  entity: Product;
}

/** Lists every planned cap in its shop, with its stored pictures. */
export function seedCatalogue(
  run: SeedRun,
  vendors: readonly Vendor[],
  planned: readonly PlannedProduct[],
  pictures: readonly string[][],
): SeededProduct[] {
  return planned.map((product, index) => {
    run.count('products');
    return {
      planned: product,
      entity: run.em.create(ProductSchema, {
        vendor: vendors[product.shop]!,
        name: product.name,
        description: product.description,
        priceKobo: product.priceKobo,
        stock: product.stock,
        category: product.kind.category,
        sizes: product.sizes,
        images: pictures[index]!,
        ratingAverage: 0,
        ratingCount: 0,
        archivedAt: null,
        createdAt: product.createdAt,
        updatedAt: product.createdAt,
      }),
    };
  });
}

export interface SeededCoupons {
  /** The platform's coupon, on every shop's caps. */
  save10: Coupon;
  /** The shops' own coupons, with the index of their shop. */
  vendorCoupons: { shop: number; entity: Coupon }[];
}

/** The platform coupon SAVE10 and the shops' own coupons (one of them expired). */
export function seedCoupons(run: SeedRun, vendors: readonly Vendor[]): SeededCoupons {
  const { em, at, now } = run;
  const save10 = em.create(CouponSchema, {
    vendor: null,
    code: 'SAVE10',
    description: '10% off every order on the marketplace',
    discountPercent: 10,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
    createdAt: at(365 * DAY),
    updatedAt: at(365 * DAY),
  });
  const vendorCoupons = VENDOR_COUPONS.map((seed) => {
    const createdAt = at((seed.expiresInDays < 0 ? 100 : 90) * DAY);
    return {
      shop: seed.shop,
      entity: em.create(CouponSchema, {
        vendor: vendors[seed.shop]!,
        code: seed.code,
        description: seed.description,
        discountPercent: seed.discountPercent,
        usageLimit: seed.usageLimit,
        usedCount: 0,
        expiresAt: new Date(now + seed.expiresInDays * DAY),
        createdAt,
        updatedAt: createdAt,
      }),
    };
  });
  run.count('coupons', 1 + vendorCoupons.length);
  return { save10, vendorCoupons };
}
