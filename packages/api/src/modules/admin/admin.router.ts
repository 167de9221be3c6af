import {
  AdminAuditQuery,
  AdminContactMessageDto,
  AdminContactMessagesDto,
  AdminContactQuery,
  AdminDashboardDto,
  AdminIdInput,
  AdminListQuery,
  AdminProductDto,
  AdminProductUpdateInput,
  AdminReportsDto,
  AdminReportsQuery,
  AdminSuspendInput,
  AdminUserDetailDto,
  AdminUsersQuery,
  AdminVendorDetailDto,
  AdminVendorDto,
  AdminVendorsQuery,
  PagedAdminProductsDto,
  PagedAdminUsersDto,
  PagedAdminVendorsDto,
  PagedAuditLogDto,
} from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as admin from './admin.service.js';

const tag = 'Admin';
const PAGING =
  'Paged: page (from 1) and per_page (1-500, default 100); answers data, current_page, last_page, per_page, total.';

/**
 * The admin area (spec 2 Admin dashboard, spec 7 /admin/*). Admins only: no token is a 401, any other
 * role a 403. Actions are POST (suspend, reinstate, verify, handled), like the spec's
 * POST /admin/vendors/{id}/verify; each is recorded in the audit log. Report statuses: reports.setStatus
 * (PUT /reports/{id}/status).
 */
export const adminRouter = router({
  dashboard: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/dashboard',
        tag,
        summary:
          'Overview: Total Products, Active Vendors, Total Users and Monthly Revenue (naira), each with last month and the change in percent; recent orders, registrations and reports; system status.',
      },
    })
    .output(checkedOutput(AdminDashboardDto))
    .query(({ ctx }) => admin.dashboard(ctx)),

  users: router({
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/users',
          tag,
          summary: `Every account, newest first, with paid order count and total spent. search looks in name and email (case-insensitive); role filters. ${PAGING}`,
        },
      })
      .input(AdminUsersQuery)
      .output(checkedOutput(PagedAdminUsersDto))
      .query(({ ctx, input }) => admin.listUsers(ctx, input)),
    get: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/users/{id}',
          tag,
          errors: [404],
          summary: 'One account with its orders (newest first) and saved addresses.',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminUserDetailDto))
      .query(({ ctx, input }) => admin.getUser(ctx, input.id)),
    suspend: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/admin/users/{id}/suspend',
          tag,
          errors: [404],
          summary:
            "Suspend an account: it cannot sign in, its sessions end, and a vendor's shop and caps leave the storefront (the owner is told by email, with the optional reason, at most 500 characters). Not for admin accounts (403). A suspended account is answered unchanged.",
        },
      })
      .input(AdminSuspendInput)
      .output(checkedOutput(AdminUserDetailDto))
      .mutation(({ ctx, input }) => admin.suspendUser(ctx, input.id, input.reason)),
    reinstate: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/admin/users/{id}/reinstate',
          tag,
          errors: [404],
          summary: 'Make a suspended account active again (it signs in anew). An active account is answered unchanged.',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminUserDetailDto))
      .mutation(({ ctx, input }) => admin.reinstateUser(ctx, input.id)),
  }),

  vendors: router({
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/vendors',
          tag,
          summary: `Every shop, newest first, with owner, bank details, status (Verified, Pending or Suspended), rating and cap count. search looks in shop name and account holder name (case-insensitive); status filters. ${PAGING}`,
        },
      })
      .input(AdminVendorsQuery)
      .output(checkedOutput(PagedAdminVendorsDto))
      .query(({ ctx, input }) => admin.listVendors(ctx, input)),
    get: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/vendors/{id}',
          tag,
          errors: [404],
          summary: 'One shop with its orders and reviews (of the shop and of its caps), newest first.',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminVendorDetailDto))
      .query(({ ctx, input }) => admin.getVendor(ctx, input.id)),
    verify: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/admin/vendors/{id}/verify',
          tag,
          errors: [404],
          summary:
            'Verify a shop: sets verified_at, so the shop and its caps are listed. A verified shop is answered unchanged (its first verified_at stays).',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminVendorDto))
      .mutation(({ ctx, input }) => admin.verifyVendor(ctx, input.id)),
    suspend: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/admin/vendors/{id}/suspend',
          tag,
          errors: [404],
          summary:
            "Suspend a shop's owner: the shop and its caps leave the storefront, the vendor cannot sign in and their tokens stop working. An optional reason (at most 500 characters) is told to the owner by email.",
        },
      })
      .input(AdminSuspendInput)
      .output(checkedOutput(AdminVendorDto))
      .mutation(({ ctx, input }) => admin.suspendVendor(ctx, input.id, input.reason)),
    reinstate: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/admin/vendors/{id}/reinstate',
          tag,
          errors: [404],
          summary: "Reinstate a shop's owner: the shop (if verified) and its caps are listed again.",
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminVendorDto))
      .mutation(({ ctx, input }) => admin.reinstateVendor(ctx, input.id)),
  }),

  products: router({
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/products',
          tag,
          summary: `Every cap of every shop, archived ones included (archived: true), newest first, with status Active, Out of Stock or Archived. search looks in name and category (case-insensitive). ${PAGING}`,
        },
      })
      .input(AdminListQuery)
      .output(checkedOutput(PagedAdminProductsDto))
      .query(({ ctx, input }) => admin.listProducts(ctx, input)),
    get: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/products/{id}',
          tag,
          errors: [404],
          summary: 'One cap, archived or not.',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminProductDto))
      .query(({ ctx, input }) => admin.getProduct(ctx, input.id)),
    update: adminProcedure
      .meta({
        rest: {
          method: 'PUT',
          path: '/admin/products/{id}',
          tag,
          errors: [404, 422],
          summary:
            "Change a cap's name (3-100), category, price (naira, positive, at most 1,000,000) or stock (whole, 0-10,000); only the fields sent change, at least one.",
        },
      })
      .input(AdminProductUpdateInput)
      .output(checkedOutput(AdminProductDto))
      .mutation(({ ctx, input }) => admin.updateProduct(ctx, input)),
    archive: adminProcedure
      .meta({
        rest: {
          method: 'DELETE',
          path: '/admin/products/{id}',
          tag,
          errors: [404],
          summary:
            'Archive a cap: it leaves the catalogue and stays in the orders that have it. An archived cap is answered unchanged.',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminProductDto))
      .mutation(({ ctx, input }) => admin.archiveProduct(ctx, input.id)),
  }),

  reports: router({
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/reports',
          tag,
          summary:
            'Reports about shops, newest first (at most 500; status filters: all, pending, reviewed, resolved), with the count of each status and the total. Set a status with PUT /reports/{id}/status.',
        },
      })
      .input(AdminReportsQuery)
      .output(checkedOutput(AdminReportsDto))
      .query(({ ctx, input }) => admin.listReports(ctx, input)),
  }),

  contactMessages: router({
    list: adminProcedure
      .meta({
        rest: {
          method: 'GET',
          path: '/admin/contact-messages',
          tag,
          summary:
            'Messages from the contact page, unhandled first, then newest first (at most 500; status filters: all, unhandled, handled), with the unhandled count and the total.',
        },
      })
      .input(AdminContactQuery)
      .output(checkedOutput(AdminContactMessagesDto))
      .query(({ ctx, input }) => admin.listContactMessages(ctx, input)),
    markHandled: adminProcedure
      .meta({
        rest: {
          method: 'POST',
          path: '/admin/contact-messages/{id}/handled',
          tag,
          errors: [404],
          summary: 'Mark a contact message handled by the caller. A handled message keeps its first handler and time.',
        },
      })
      .input(AdminIdInput)
      .output(checkedOutput(AdminContactMessageDto))
      .mutation(({ ctx, input }) => admin.markContactHandled(ctx, input.id)),
  }),
  auditLog: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/audit-log',
        tag,
        summary: `Every admin action (who, what, to which record, when), newest first. ${PAGING}`,
      },
    })
    .input(AdminAuditQuery)
    .output(checkedOutput(PagedAuditLogDto))
    .query(({ ctx, input }) => admin.listAuditLog(ctx, input)),
});
