import { AddressSchema } from '../modules/addresses/addresses.entities.js';
import { AuditLogSchema, SessionSchema, UserSchema } from '../modules/auth/auth.entities.js';
import { CartItemSchema } from '../modules/cart/cart.entities.js';
import { ProductSchema } from '../modules/catalogue/catalogue.entities.js';
import { ContactMessageSchema } from '../modules/contact/contact.entities.js';
import { CouponSchema } from '../modules/coupons/coupons.entities.js';
import {
  LedgerEntrySchema,
  PayoutSchema,
  PlatformSettingsSchema,
  RefundSchema,
} from '../modules/finance/finance.entities.js';
import {
  EmailMessageSchema,
  NotificationPreferenceSchema,
  NotificationSchema,
  PasswordResetTokenSchema,
} from '../modules/notifications/notifications.entities.js';
import {
  CheckoutSchema,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChangeSchema,
} from '../modules/orders/orders.entities.js';
import { PaymentSchema } from '../modules/payment/payment.entities.js';
import { sandboxEntities } from '../modules/payment/sandbox.entities.js';
import { ReportSchema } from '../modules/reports/reports.entities.js';
import { ReturnItemSchema, ReturnRequestSchema } from '../modules/returns/returns.entities.js';
import { ReviewSchema } from '../modules/reviews/reviews.entities.js';
import { VendorSchema } from '../modules/vendors/vendors.entities.js';
import { WishlistEntrySchema } from '../modules/wishlist/wishlist.entities.js';

/** Every stored entity, in one list for the ORM and the migration generator. */
export const entities = [
  UserSchema,
  SessionSchema,
  AuditLogSchema,
  VendorSchema,
  ProductSchema,
  CartItemSchema,
  WishlistEntrySchema,
  CouponSchema,
  CheckoutSchema,
  OrderSchema,
  OrderItemSchema,
  OrderStatusChangeSchema,
  PaymentSchema,
  ReviewSchema,
  ReportSchema,
  ContactMessageSchema,
  AddressSchema,
  LedgerEntrySchema,
  PayoutSchema,
  PlatformSettingsSchema,
  RefundSchema,
  ReturnRequestSchema,
  ReturnItemSchema,
  NotificationSchema,
  EmailMessageSchema,
  NotificationPreferenceSchema,
  PasswordResetTokenSchema,
  ...sandboxEntities,
];
