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
import { adminProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as admin from './admin.service.js';

/** The admin dashboard's calls (the same operations as /api/admin/*). Report statuses: reports.setStatus. */
export const adminRouter = router({
  dashboard: adminProcedure.output(AdminDashboardDto).query(({ ctx }) => admin.dashboard(ctx)),

  users: router({
    list: adminProcedure
      .input(AdminUsersQuery)
      .output(PagedAdminUsersDto)
      .query(({ ctx, input }) => admin.listUsers(ctx, input)),
    get: adminProcedure
      .input(AdminIdInput)
      .output(AdminUserDetailDto)
      .query(({ ctx, input }) => admin.getUser(ctx, input.id)),
    suspend: adminProcedure
      .input(AdminIdInput)
      .output(AdminUserDetailDto)
      .mutation(({ ctx, input }) => admin.suspendUser(ctx, input.id)),
    reinstate: adminProcedure
      .input(AdminIdInput)
      .output(AdminUserDetailDto)
      .mutation(({ ctx, input }) => admin.reinstateUser(ctx, input.id)),
  }),

  vendors: router({
    list: adminProcedure
      .input(AdminVendorsQuery)
      .output(PagedAdminVendorsDto)
      .query(({ ctx, input }) => admin.listVendors(ctx, input)),
    get: adminProcedure
      .input(AdminIdInput)
      .output(AdminVendorDetailDto)
      .query(({ ctx, input }) => admin.getVendor(ctx, input.id)),
    verify: adminProcedure
      .input(AdminIdInput)
      .output(AdminVendorDto)
      .mutation(({ ctx, input }) => admin.verifyVendor(ctx, input.id)),
    suspend: adminProcedure
      .input(AdminIdInput)
      .output(AdminVendorDto)
      .mutation(({ ctx, input }) => admin.suspendVendor(ctx, input.id)),
    reinstate: adminProcedure
      .input(AdminIdInput)
      .output(AdminVendorDto)
      .mutation(({ ctx, input }) => admin.reinstateVendor(ctx, input.id)),
  }),

  products: router({
    list: adminProcedure
      .input(AdminListQuery)
      .output(PagedAdminProductsDto)
      .query(({ ctx, input }) => admin.listProducts(ctx, input)),
    get: adminProcedure
      .input(AdminIdInput)
      .output(AdminProductDto)
      .query(({ ctx, input }) => admin.getProduct(ctx, input.id)),
    update: adminProcedure
      .input(AdminProductUpdateInput)
      .output(AdminProductDto)
      .mutation(({ ctx, input }) => admin.updateProduct(ctx, input)),
    archive: adminProcedure
      .input(AdminIdInput)
      .output(AdminProductDto)
      .mutation(({ ctx, input }) => admin.archiveProduct(ctx, input.id)),
  }),

  reports: router({
    list: adminProcedure
      .input(AdminReportsQuery)
      .output(AdminReportsDto)
      .query(({ ctx, input }) => admin.listReports(ctx, input)),
  }),

  contactMessages: router({
    list: adminProcedure
      .input(AdminContactQuery)
      .output(AdminContactMessagesDto)
      .query(({ ctx, input }) => admin.listContactMessages(ctx, input)),
    markHandled: adminProcedure
      .input(AdminIdInput)
      .output(AdminContactMessageDto)
      .mutation(({ ctx, input }) => admin.markContactHandled(ctx, input.id)),
  }),

  auditLog: adminProcedure
    .input(AdminAuditQuery)
    .output(PagedAuditLogDto)
    .query(({ ctx, input }) => admin.listAuditLog(ctx, input)),
});
