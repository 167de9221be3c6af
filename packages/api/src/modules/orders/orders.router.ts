import { CheckoutResultDto, IdParam, OrderCreateInput, OrderDto } from '@caps/contracts';
import { z } from 'zod';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as orders from './orders.service.js';

export const ordersRouter = router({
  create: customerProcedure
    .input(OrderCreateInput)
    .output(CheckoutResultDto)
    .mutation(({ ctx, input }) => orders.placeOrder(ctx, input)),
  list: customerProcedure.output(z.array(OrderDto)).query(({ ctx }) => orders.listOrders(ctx)),
  get: customerProcedure
    .input(IdParam)
    .output(OrderDto)
    .query(({ ctx, input }) => orders.getOrder(ctx, input.id)),
});
