import type { Method } from './harness.js';

/** Who may make a call: anyone, any signed-in user, one role or a shop's owner or an admin (the others get 403). */
export type Access = 'public' | 'user' | 'customer' | 'vendor' | 'admin' | 'vendor-or-admin';

export interface SpecCall {
  method: Method;
  /** Below /api, with {id} placeholders as the spec writes them. */
  path: string;
  access: Access;
  /** The call takes a payload, a query or an id: bad ones are documented as 422. */
  input: boolean;
  /** The spec sends it as multipart/form-data. */
  multipart?: boolean;
  /** A public call that also reads a bearer token when one is sent. */
  optionalToken?: boolean;
}

/**
 * The calls of spec 7, row by row, plus the coupon update and delete whose paths the spec leaves out
 * (issue 6: PUT and DELETE /coupons/{id}). Access follows spec 6's roles.
 */
export const SPEC_CALLS: readonly SpecCall[] = [
  { method: 'POST', path: '/login', access: 'public', input: true },
  { method: 'POST', path: '/register', access: 'public', input: true, multipart: true },
  { method: 'POST', path: '/logout', access: 'user', input: false },
  { method: 'GET', path: '/profile', access: 'user', input: false },
  { method: 'PUT', path: '/profile', access: 'user', input: true, multipart: true },
  { method: 'GET', path: '/products', access: 'public', input: true },
  { method: 'GET', path: '/products/{id}', access: 'public', input: true },
  { method: 'POST', path: '/products', access: 'vendor', input: true, multipart: true },
  { method: 'PUT', path: '/products/{id}', access: 'vendor', input: true, multipart: true },
  { method: 'DELETE', path: '/products/{id}', access: 'vendor', input: true },
  { method: 'GET', path: '/vendors', access: 'public', input: false },
  { method: 'GET', path: '/vendors/{id}', access: 'public', input: true },
  { method: 'GET', path: '/vendor/dashboard', access: 'vendor', input: false },
  { method: 'GET', path: '/vendor/orders', access: 'vendor', input: false },
  { method: 'PUT', path: '/vendor/orders/{id}/status', access: 'vendor', input: true },
  { method: 'GET', path: '/coupons', access: 'vendor', input: false },
  { method: 'POST', path: '/coupons', access: 'vendor', input: true },
  { method: 'PUT', path: '/coupons/{id}', access: 'vendor', input: true },
  { method: 'DELETE', path: '/coupons/{id}', access: 'vendor', input: true },
  { method: 'GET', path: '/cart', access: 'customer', input: false },
  { method: 'POST', path: '/cart', access: 'customer', input: true },
  { method: 'PUT', path: '/cart/{id}', access: 'customer', input: true },
  { method: 'DELETE', path: '/cart/{id}', access: 'customer', input: true },
  { method: 'POST', path: '/orders', access: 'customer', input: true },
  { method: 'GET', path: '/orders', access: 'customer', input: false },
  { method: 'GET', path: '/orders/{id}', access: 'customer', input: true },
  { method: 'POST', path: '/payment/initiate', access: 'customer', input: true },
  // Public, but the payer's token (when sent) gets the full verify answer.
  { method: 'GET', path: '/payment/callback', access: 'public', input: true, optionalToken: true },
  // Issue 10: only the payer learns what a reference paid for.
  { method: 'GET', path: '/payment/verify', access: 'customer', input: true },
  { method: 'GET', path: '/reviews', access: 'public', input: true },
  { method: 'POST', path: '/reviews', access: 'customer', input: true },
  { method: 'GET', path: '/wishlist', access: 'customer', input: false },
  { method: 'POST', path: '/wishlist', access: 'customer', input: true },
  { method: 'DELETE', path: '/wishlist/{productId}', access: 'customer', input: true },
  { method: 'POST', path: '/reports', access: 'customer', input: true },
  // The shop's own vendor or an admin: a customer is refused.
  { method: 'GET', path: '/vendors/{id}/reports', access: 'vendor-or-admin', input: true },
  { method: 'PUT', path: '/reports/{id}/status', access: 'admin', input: true },
  { method: 'GET', path: '/admin/dashboard', access: 'admin', input: false },
  { method: 'GET', path: '/admin/users', access: 'admin', input: false },
  { method: 'GET', path: '/admin/vendors', access: 'admin', input: false },
  { method: 'GET', path: '/admin/products', access: 'admin', input: false },
  { method: 'POST', path: '/admin/vendors/{id}/verify', access: 'admin', input: true },
];

const VENDOR_FIELDS = [
  'id',
  'user.name',
  'user.email',
  'shop_name',
  'shop_description',
  'address',
  'average_rating',
  'total_reviews',
  'account_holder_name',
  'account_number',
  'bank_name',
  'phone',
  'profile_image',
  'cover_image',
  'is_verified',
  'verified_at',
  'created_at',
];
/** What only the shop's owner and admins see: the public catalogue leaves these out of a shop. */
const PRIVATE_VENDOR_FIELDS = ['user.email', 'account_holder_name', 'account_number', 'bank_name'];

/** The spec 3 field names external clients read, per entity. */
export const SPEC_FIELDS = {
  user: ['id', 'full_name', 'email', 'phone', 'address', 'created_at'],
  vendor: VENDOR_FIELDS,
  publicVendor: VENDOR_FIELDS.filter((field) => !PRIVATE_VENDOR_FIELDS.includes(field)),
  product: [
    'id',
    'vendor_id',
    'name',
    'description',
    'price',
    'images',
    'sizes',
    'stock',
    'category',
    'vendor.id',
    'vendor.shop_name',
    'reviews',
    'created_at',
  ],
  pagedProducts: ['data', 'current_page', 'last_page', 'per_page', 'total'],
  cartItem: [
    'id',
    'product_id',
    'size',
    'quantity',
    'product.name',
    'product.description',
    'product.price',
    'product.images',
    'product.category',
    'product.vendor.shop_name',
  ],
  order: [
    'id',
    'user_id',
    'items',
    'total_amount',
    'status',
    'shipping_address',
    'coupon_code',
    'created_at',
    'updated_at',
  ],
  orderItem: [
    'id',
    'order_id',
    'product_id',
    'size',
    'quantity',
    'price',
    'product.name',
    'product.description',
    'product.images',
    'product.category',
    'product.rating',
    'product.total_reviews',
    'product.vendor.shop_name',
  ],
  vendorOrder: [
    'id',
    'status',
    'total_amount',
    'shipping_address',
    'created_at',
    'updated_at',
    'user.full_name',
    'user.email',
    'orderItems',
  ],
  vendorOrderItem: ['id', 'quantity', 'price', 'product.name'],
  wishlistEntry: [
    'product_id',
    'product.name',
    'product.description',
    'product.price',
    'product.images',
    'product.sizes',
    'product.vendor.shop_name',
    'product.category',
    'product.stock',
  ],
  review: [
    'id',
    'user_id',
    'user.full_name',
    'user.email',
    'product_id',
    'vendor_id',
    'rating',
    'comment',
    'created_at',
  ],
  coupon: ['id', 'code', 'description', 'discount', 'usage_limit', 'expires_at'],
  dashboard: ['total_products', 'total_orders', 'total_revenue'],
  report: ['id', 'vendor_id', 'reason', 'description', 'status'],
  login: ['token', 'user'],
  /** Spec 3's admin user sample, by the server's names (created_at is the join date). */
  adminUser: ['id', 'name', 'email', 'phone', 'address', 'status', 'created_at'],
} satisfies Record<string, readonly string[]>;
