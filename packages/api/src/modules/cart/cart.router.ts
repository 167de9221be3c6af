import {
  AddToCartInput,
  CartItemDto,
  CartItemIdInput,
  CartItemRemovedDto,
  CartUpdateResultDto,
  MessageDto,
  UpdateCartItemInput,
} from '@caps/contracts';
import { z } from 'zod';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as cart from './cart.service.js';

/** The signed-in customer's cart; other roles have none (403). */
export const cartRouter = router({
  list: customerProcedure.output(z.array(CartItemDto)).query(({ ctx }) => cart.listCart(ctx)),
  count: customerProcedure.output(z.number().int()).query(({ ctx }) => cart.cartCount(ctx)),
  add: customerProcedure
    .input(AddToCartInput)
    .output(CartItemDto)
    .mutation(({ ctx, input }) => cart.addToCart(ctx, input)),
  update: customerProcedure
    .input(UpdateCartItemInput)
    .output(CartUpdateResultDto)
    .mutation(({ ctx, input }) => cart.updateCartItem(ctx, input)),
  remove: customerProcedure
    .input(CartItemIdInput)
    .output(CartItemRemovedDto)
    .mutation(({ ctx, input }) => cart.removeCartItem(ctx, input.id)),
  clear: customerProcedure.output(MessageDto).mutation(({ ctx }) => cart.clearCart(ctx)),
});
