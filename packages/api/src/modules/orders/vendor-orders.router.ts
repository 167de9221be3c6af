import { VendorAdvanceOrderInput, VendorDashboardDto, VendorOrderDto } from '@caps/contracts';
import { z } from 'zod';
import { vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as vendorOrders from './vendor-orders.service.js';

export const vendorRouter = router({
  orders: vendorProcedure.output(z.array(VendorOrderDto)).query(({ ctx }) => vendorOrders.listVendorOrders(ctx)),
  advanceOrder: vendorProcedure
    .input(VendorAdvanceOrderInput)
    .output(VendorOrderDto)
    .mutation(({ ctx, input }) => vendorOrders.advanceOrder(ctx, input)),
  dashboard: vendorProcedure.output(VendorDashboardDto).query(({ ctx }) => vendorOrders.dashboard(ctx)),
});
