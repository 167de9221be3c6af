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
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as cart from './cart.service.js';

const tag = 'Cart';

/** The signed-in customer's cart; other roles have none (403). */
export const cartRouter = router({
  list: customerProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/cart',
        tag,
        summary:
          "The signed-in customer's cart, newest line first. Lines whose cap is no longer listed stay, with available false, so they can be removed.",
      },
    })
    .output(checkedOutput(z.array(CartItemDto)))
    .query(({ ctx }) => cart.listCart(ctx)),
  count: customerProcedure.output(checkedOutput(z.number().int())).query(({ ctx }) => cart.cartCount(ctx)),
  add: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/cart',
        example: { product_id: 12, quantity: 2, size: '58' },
        tag,
        status: 201,
        errors: [404, 409],
        summary:
          "Add product_id (an integer), quantity (1 to the stock, default 1) and size (one of the cap's sizes) to the cart; the same cap and size again adds to its line. The price is always the server's.",
      },
    })
    .input(AddToCartInput)
    .output(checkedOutput(CartItemDto))
    .mutation(({ ctx, input }) => cart.addToCart(ctx, input)),
  update: customerProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/cart/{id}',
        tag,
        errors: [404, 409],
        summary:
          'Set the quantity of one of your lines (up to the stock); zero or below removes it and answers { message, removed: true }.',
      },
    })
    .input(UpdateCartItemInput)
    .output(checkedOutput(CartUpdateResultDto))
    .mutation(({ ctx, input }) => cart.updateCartItem(ctx, input)),
  remove: customerProcedure
    .meta({
      rest: { method: 'DELETE', path: '/cart/{id}', tag, errors: [404], summary: 'Remove one of your lines.' },
    })
    .input(CartItemIdInput)
    .output(checkedOutput(CartItemRemovedDto))
    .mutation(({ ctx, input }) => cart.removeCartItem(ctx, input.id)),
  clear: customerProcedure
    .meta({ rest: { method: 'DELETE', path: '/cart', tag, summary: 'Remove every line of the cart.' } })
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx }) => cart.clearCart(ctx)),
});
