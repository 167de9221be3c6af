import type { Category, OrderStatus } from '@caps/contracts';
import type { Em } from '../src/db/orm.js';
import { type User, UserSchema } from '../src/modules/auth/auth.entities.js';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { refreshSearchText } from '../src/modules/catalogue/catalogue.search.js';
import {
  CheckoutSchema,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
} from '../src/modules/orders/orders.entities.js';
import { ReviewSchema } from '../src/modules/reviews/reviews.entities.js';
import { type Vendor, VendorSchema } from '../src/modules/vendors/vendors.entities.js';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** Rows made straight through the ORM, for tests that need data without going through the API. */
export async function makeUser(em: Em, overrides: Partial<User> = {}): Promise<User> {
  const n = next();
  const user = em.create(UserSchema, {
    email: `fixture${n}.${Date.now()}@example.com`,
    passwordHash: 'not-a-real-hash',
    fullName: 'Fixture Person',
    role: 'customer',
    status: 'active',
    ...overrides,
  });
  await em.flush();
  return user;
}

export async function makeVendor(
  em: Em,
  options: { shopName?: string; verified?: boolean; suspended?: boolean } = {},
): Promise<Vendor> {
  const owner = await makeUser(em, { role: 'vendor', status: options.suspended ? 'suspended' : 'active' });
  const vendor = em.create(VendorSchema, {
    user: owner,
    shopName: options.shopName ?? `Shop ${next()}`,
    shopDescription: 'A fixture shop of handmade caps.',
    address: '1 Fixture Street, Maiduguri',
    phone: '+2348030000000',
    accountHolderName: 'Fixture Person',
    accountNumber: '0123456789',
    bankName: 'Zenith Bank',
    verifiedAt: options.verified === false ? null : new Date(),
  });
  await em.flush();
  return vendor;
}

export async function makeProduct(
  em: Em,
  vendor: Vendor,
  overrides: Partial<Omit<Product, 'vendor'>> & { priceNaira?: number } = {},
): Promise<Product> {
  const { priceNaira, ...rest } = overrides;
  const product = em.create(ProductSchema, {
    vendor,
    name: `Cap ${next()}`,
    description: 'A fixture cap, hand stitched.',
    priceKobo: (priceNaira ?? 10_000) * 100,
    stock: 10,
    category: 'Hausa Caps' as Category,
    sizes: ['57', '58'],
    images: [],
    ratingAverage: 0,
    ratingCount: 0,
    ...rest,
  });
  await em.flush();
  await refreshSearchText(em, { productIds: [product.id] });
  return product;
}

/** A review, keeping the product's rating columns in step as the review service does. */
export async function makeReview(em: Em, product: Product, rating: number, user?: User): Promise<void> {
  em.create(ReviewSchema, {
    user: user ?? (await makeUser(em)),
    product,
    vendor: product.vendor,
    rating,
    comment: 'A fixture review of this cap.',
    verifiedPurchase: true,
  });
  product.ratingAverage = (product.ratingAverage * product.ratingCount + rating) / (product.ratingCount + 1);
  product.ratingCount += 1;
  // The newest review's rating comes last: the list is oldest first.
  product.reviewRatings = product.reviewRatings ? `${product.reviewRatings},${rating}` : String(rating);
  await em.flush();
}

export interface PlaceOrderOptions {
  /** Paid unless the order is pending or cancelled. */
  paid?: boolean;
  /** The order's total in kobo; the cap's price plus ₦2,000 shipping by default. */
  totalKobo?: number;
  paidAt?: Date;
}

/**
 * An order of one cap in the given status, as checkout, payment and the vendor's status steps would
 * leave it (placed by the customer, so its history starts with that step). Answers the order's id.
 */
export async function placeOrder(
  em: Em,
  customerId: number,
  product: Product,
  status: OrderStatus = 'delivered',
  options: PlaceOrderOptions = {},
): Promise<number> {
  const user = em.getReference(UserSchema, customerId);
  const paid = options.paid ?? (status !== 'pending' && status !== 'cancelled');
  const totalKobo = options.totalKobo ?? product.priceKobo + 200_000;
  const paidAt = paid ? (options.paidAt ?? new Date()) : null;
  const amounts = { subtotalKobo: totalKobo - 200_000, discountKobo: 0, shippingKobo: 200_000, totalKobo };
  const checkout = em.create(CheckoutSchema, {
    user,
    ...amounts,
    paymentStatus: paid ? 'paid' : 'pending',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    paidAt,
  });
  const order = em.create(OrderSchema, {
    checkout,
    user,
    vendor: product.vendor,
    status,
    paymentStatus: paid ? 'paid' : 'pending',
    ...amounts,
    shippingAddress: '3 Lake Chad Road, Maiduguri, Borno 600001',
    paidAt,
  });
  em.create(OrderItemSchema, {
    order,
    product,
    productName: product.name,
    size: '57',
    quantity: 1,
    unitPriceKobo: product.priceKobo,
  });
  em.create(OrderStatusChangeSchema, { order, fromStatus: null, toStatus: 'pending', actor: customerId });
  await em.flush();
  return order.id;
}
