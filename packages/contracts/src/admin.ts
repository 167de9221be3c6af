import { z } from 'zod';
import { AddressDto } from './addresses.js';
import { UserDto, VendorDto } from './auth.js';
import { ReviewDto, wholeNumber } from './catalogue.js';
import { ORDER_STATUSES, PAYMENT_STATUSES, REPORT_STATUSES, USER_ROLES, USER_STATUSES } from './constants.js';
import { ReportDto } from './reports.js';
import { CreateVendorProductInput, VendorProductDto } from './vendor-products.js';

/** Texts of the admin calls that spec section 8 does not give word for word (its lookups are in E). */
export const ADMIN_TEXT = {
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendAdmin: 'Admin accounts cannot be suspended.',
  contactNotFound: 'Message not found',
  nothingToChange: 'Send at least one of name, category, price or stock.',
} as const;

/** Lists of the admin area come in pages: 100 rows unless asked otherwise, 500 at most. */
export const ADMIN_PAGE_SIZE = 100;
export const ADMIN_MAX_PAGE_SIZE = 500;
/** Reports and contact messages: the newest this many (with exact counts beside them). */
export const ADMIN_LIST_LIMIT = 500;
/** Orders and reviews shown in one user's or one shop's detail, newest first. */
export const ADMIN_DETAIL_LIMIT = 100;

export const pagingFields = {
  page: wholeNumber('page', 1, 100_000).default(1),
  per_page: wholeNumber('per_page', 1, ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
};
const searchField = z
  .string({ error: 'search must be text' })
  .trim()
  .max(200, 'search may be at most 200 characters')
  .optional();

/** One page of a list, shaped like the catalogue's paged list (spec 3 "Paged product list"). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });

export const AdminIdInput = z.object({ id: wholeNumber('id', 1, 2_147_483_647) }).strict();
export type AdminIdInput = z.input<typeof AdminIdInput>;

/** POST /admin/vendors/{id}/suspend: an optional reason, told to the shop's owner. */
export const AdminSuspendInput = AdminIdInput.extend({
  reason: z.string({ error: 'reason must be text' }).trim().max(500, 'reason may be at most 500 characters').optional(),
}).strict();
export type AdminSuspendInput = z.input<typeof AdminSuspendInput>;

/** GET /admin/products: search looks in the name and the category, case-insensitive. */
export const AdminListQuery = z.object({ search: searchField, ...pagingFields }).strict();
export type AdminListQuery = z.input<typeof AdminListQuery>;

/** GET /admin/users: search looks in the full name and the email, case-insensitive. */
export const AdminUsersQuery = AdminListQuery.extend({
  role: z.enum(USER_ROLES, { error: `role must be one of: ${USER_ROLES.join(', ')}` }).optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

/** A shop's state as the admin sees it: a suspended owner wins over verification. */
export const ADMIN_VENDOR_STATUSES = ['Verified', 'Pending', 'Suspended'] as const;
export type AdminVendorStatus = (typeof ADMIN_VENDOR_STATUSES)[number];

/** GET /admin/vendors: search looks in the shop name and the account holder name, case-insensitive. */
export const AdminVendorsQuery = AdminListQuery.extend({
  status: z
    .enum(ADMIN_VENDOR_STATUSES, { error: `status must be one of: ${ADMIN_VENDOR_STATUSES.join(', ')}` })
    .optional(),
});
export type AdminVendorsQuery = z.input<typeof AdminVendorsQuery>;

/**
 * PUT /admin/products/{id}: name, category, price (naira) and stock, by the vendor's rules; only fields sent
 * change. Unlike the vendor's update, a blank field is refused, not skipped: the admin form shows every
 * field filled in, so a blank one was cleared on purpose and must be corrected.
 */
export const AdminProductUpdateInput = AdminIdInput.extend(
  CreateVendorProductInput.pick({ name: true, category: true, price: true, stock: true }).partial().shape,
)
  .strict()
  .refine(
    (input) => [input.name, input.category, input.price, input.stock].some((v) => v !== undefined),
    ADMIN_TEXT.nothingToChange,
  );
export type AdminProductUpdateInput = z.input<typeof AdminProductUpdateInput>;
export type AdminProductUpdateData = z.output<typeof AdminProductUpdateInput>;

export const REPORT_FILTERS = ['all', ...REPORT_STATUSES] as const;
export const AdminReportsQuery = z
  .object({
    status: z.enum(REPORT_FILTERS, { error: `status must be one of: ${REPORT_FILTERS.join(', ')}` }).default('all'),
  })
  .strict();
export type AdminReportsQuery = z.input<typeof AdminReportsQuery>;

export const CONTACT_FILTERS = ['all', 'unhandled', 'handled'] as const;
export const AdminContactQuery = z
  .object({
    status: z.enum(CONTACT_FILTERS, { error: `status must be one of: ${CONTACT_FILTERS.join(', ')}` }).default('all'),
  })
  .strict();
export type AdminContactQuery = z.input<typeof AdminContactQuery>;

export const AdminAuditQuery = z.object(pagingFields).strict();
export type AdminAuditQuery = z.input<typeof AdminAuditQuery>;

/** A stat card: the figure now, the same figure a month ago and the change in percent (null when it was 0). */
const StatDto = z.object({
  value: z.number(),
  last_month: z.number(),
  change_percent: z.number().nullable(),
});

export const AdminActivityDto = z.object({
  type: z.enum(['order', 'registration', 'report']),
  message: z.string(),
  at: z.string(),
});
export type AdminActivityDto = z.infer<typeof AdminActivityDto>;

export const AdminDashboardDto = z.object({
  /** Products not archived; last_month is the count at the end of last month. */
  total_products: StatDto,
  /** Verified shops of active owners. */
  active_vendors: StatDto,
  /** Every account. */
  total_users: StatDto,
  /** Naira of paid orders this calendar month (UTC) against last calendar month. */
  monthly_revenue: StatDto,
  recent_activity: z.array(AdminActivityDto),
  system_status: z.object({
    database_ok: z.boolean(),
    /** Round trip of a trivial query. */
    database_ms: z.number(),
    /** Time the server took to put this answer together. */
    response_ms: z.number(),
    pending_vendors: z.number().int(),
    /** Reports pending or reviewed (not resolved). */
    open_reports: z.number().int(),
  }),
});
export type AdminDashboardDto = z.infer<typeof AdminDashboardDto>;

/** An account (UserDto without the shop details) with its paid orders, when suspended, and its shop if a vendor. */
export const AdminUserDto = UserDto.omit({ vendor: true }).extend({
  suspended_at: z.string().nullable(),
  /** Paid orders only. */
  order_count: z.number().int(),
  /** Naira of paid orders. */
  total_spent: z.number(),
  total_spent_kobo: z.number().int(),
  /** The names of spec 3's admin user sample, for clients written against it. */
  createdAt: z.string(),
  joinDate: z.string(),
  totalSpent: z.number(),
  /** The shop of a vendor account. */
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }).nullable(),
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;

/** An order in a user's or a shop's detail. */
export const AdminOrderSummaryDto = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Naira. */
  total_amount: z.number(),
  item_count: z.number().int(),
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
});
export type AdminOrderSummaryDto = z.infer<typeof AdminOrderSummaryDto>;

export const AdminUserDetailDto = AdminUserDto.extend({
  orders: z.array(AdminOrderSummaryDto),
  addresses: z.array(AddressDto),
});
export type AdminUserDetailDto = z.infer<typeof AdminUserDetailDto>;

/**
 * A shop with bank details and owner (VendorDto), its admin status (Verified | Pending | Suspended)
 * in `status`, the owner's own account status in `owner_status`, and its count of listed caps.
 */
export const AdminVendorDto = VendorDto.extend({
  status: z.enum(ADMIN_VENDOR_STATUSES),
  owner_status: z.enum(USER_STATUSES),
  total_products: z.number().int(),
  /** The shop's own commission rate in percent; null when it follows the platform's. */
  commission_percent: z.number().nullable(),
});
export type AdminVendorDto = z.infer<typeof AdminVendorDto>;

/** A review of the shop or of one of its caps, with the full reviewer email (admins only). */
export const AdminReviewDto = ReviewDto.extend({
  user: z.object({ full_name: z.string(), email: z.string() }).nullable(),
  product_name: z.string().nullable(),
});
export type AdminReviewDto = z.infer<typeof AdminReviewDto>;

/**
 * A change of the shop's payout bank account (from the audit log; never the full number): when, who made it,
 * and the account before and after as bank and last 4 digits. Bank names are null on changes recorded before
 * names were kept.
 */
export const AdminBankChangeDto = z.object({
  /** The audit log entry that records it. */
  id: z.number().int(),
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  old_bank_code: z.string().nullable(),
  old_bank_name: z.string().nullable(),
  old_account_last4: z.string().nullable(),
  new_bank_code: z.string().nullable(),
  new_bank_name: z.string().nullable(),
  new_account_last4: z.string().nullable(),
});
export type AdminBankChangeDto = z.infer<typeof AdminBankChangeDto>;

export const AdminVendorDetailDto = AdminVendorDto.extend({
  orders: z.array(AdminOrderSummaryDto),
  reviews: z.array(AdminReviewDto),
  /** The shop's bank account changes, newest first (at most ADMIN_DETAIL_LIMIT). */
  bank_changes: z.array(AdminBankChangeDto),
});
export type AdminVendorDetailDto = z.infer<typeof AdminVendorDetailDto>;

export const PRODUCT_STATES = ['Active', 'Out of Stock', 'Archived'] as const;

/** Any cap, archived ones included, with its display status (Archived, else Active when stock is above 0). */
export const AdminProductDto = VendorProductDto.omit({ reviews: true }).extend({
  status: z.enum(PRODUCT_STATES),
});
export type AdminProductDto = z.infer<typeof AdminProductDto>;

export const AdminReportDto = ReportDto.extend({
  vendor: z.object({ id: z.number().int(), shop_name: z.string() }),
});
export type AdminReportDto = z.infer<typeof AdminReportDto>;

export const AdminReportsDto = z.object({
  counts: z.object({
    pending: z.number().int(),
    reviewed: z.number().int(),
    resolved: z.number().int(),
    total: z.number().int(),
  }),
  data: z.array(AdminReportDto),
});
export type AdminReportsDto = z.infer<typeof AdminReportsDto>;

export const AdminContactMessageDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminContactMessageDto = z.infer<typeof AdminContactMessageDto>;

export const AdminContactMessagesDto = z.object({
  counts: z.object({ unhandled: z.number().int(), total: z.number().int() }),
  data: z.array(AdminContactMessageDto),
});
export type AdminContactMessagesDto = z.infer<typeof AdminContactMessagesDto>;

export const AuditEntryDto = z.object({
  id: z.number().int(),
  /** e.g. vendor.verify, user.suspend, product.update, report.status, contact.handled. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** Null once the admin's account is gone (the entry stays). */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;

export const PagedAdminUsersDto = paged(AdminUserDto);
export type PagedAdminUsersDto = z.infer<typeof PagedAdminUsersDto>;
export const PagedAdminVendorsDto = paged(AdminVendorDto);
export type PagedAdminVendorsDto = z.infer<typeof PagedAdminVendorsDto>;
export const PagedAdminProductsDto = paged(AdminProductDto);
export type PagedAdminProductsDto = z.infer<typeof PagedAdminProductsDto>;
export const PagedAuditLogDto = paged(AuditEntryDto);
export type PagedAuditLogDto = z.infer<typeof PagedAuditLogDto>;
