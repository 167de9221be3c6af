import type { Services } from '../src/context.js';
import type { Em } from '../src/db/orm.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { OrderSchema } from '../src/modules/orders/orders.entities.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeUser, makeVendor, placeOrder } from './fixtures.js';
import { sessionTokenFor } from './harness.js';

/** A shop with something of each kind a vendor writes: a cap, a coupon and a paid pending order. */
export interface ShopWithData {
  vendor: Vendor;
  token: string;
  productId: number;
  couponId: number;
  orderId: number;
}

export async function shopWithData(services: Services, verified: boolean): Promise<ShopWithData> {
  const em = services.orm.em.fork() as Em;
  const vendor = await makeVendor(em, { verified });
  const product = await makeProduct(em, vendor, { name: 'Live Cap', priceNaira: 15_000, stock: 7 });
  const coupon = em.create(CouponSchema, {
    vendor,
    code: 'SHOP10',
    description: null,
    discountPercent: 10,
    usageLimit: 5,
    usedCount: 0,
    expiresAt: null,
  });
  await em.flush();
  const buyer = await makeUser(em);
  const orderId = await placeOrder(em, buyer.id, product, 'pending', { paid: true });
  return {
    vendor,
    token: await sessionTokenFor(services, vendor.user.id),
    productId: product.id,
    couponId: coupon.id,
    orderId,
  };
}

/** What a vendor write could change: the cap, the shop's caps and coupons, the order's status. */
export async function stateOfShop(services: Services, shop: ShopWithData) {
  const em = services.orm.em.fork() as Em;
  const product = await em.findOne(ProductSchema, { id: shop.productId });
  const coupons = await em.find(CouponSchema, { vendor: shop.vendor.id }, { orderBy: { id: 'asc' } });
  const order = await em.findOneOrFail(OrderSchema, { id: shop.orderId });
  return {
    product: product && {
      name: product.name,
      priceKobo: product.priceKobo,
      stock: product.stock,
      archived: product.archivedAt !== null,
    },
    products: await em.count(ProductSchema, { vendor: shop.vendor.id }),
    coupons: coupons.map((c) => [c.code, c.discountPercent]),
    orderStatus: order.status,
  };
}
