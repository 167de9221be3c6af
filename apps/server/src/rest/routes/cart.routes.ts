import { cartService } from '@caps/api';
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
import { route } from '../define.js';

export const cartRoutes = [
  route({
    method: 'GET',
    path: '/cart',
    summary:
      "The signed-in customer's cart, newest line first. Lines whose cap is no longer listed stay, with available false, so they can be removed.",
    tag: 'Cart',
    auth: 'customer',
    output: z.array(CartItemDto),
    handler: (ctx) => cartService.listCart(ctx),
  }),
  route({
    method: 'POST',
    path: '/cart',
    summary:
      "Add product_id (an integer), quantity (1 to the stock, default 1) and size (one of the cap's sizes) to the cart; the same cap and size again adds to its line. The price is always the server's.",
    tag: 'Cart',
    auth: 'customer',
    input: AddToCartInput,
    output: CartItemDto,
    status: 201,
    errors: [404, 409],
    handler: (ctx, input) => cartService.addToCart(ctx, input),
  }),
  route({
    method: 'DELETE',
    path: '/cart',
    summary: 'Remove every line of the cart.',
    tag: 'Cart',
    auth: 'customer',
    output: MessageDto,
    handler: (ctx) => cartService.clearCart(ctx),
  }),
  route({
    method: 'PUT',
    path: '/cart/{id}',
    summary:
      'Set the quantity of one of your lines (up to the stock); zero or below removes it and answers { message, removed: true }.',
    tag: 'Cart',
    auth: 'customer',
    input: UpdateCartItemInput,
    output: CartUpdateResultDto,
    errors: [404, 409],
    handler: (ctx, input) => cartService.updateCartItem(ctx, input),
  }),
  route({
    method: 'DELETE',
    path: '/cart/{id}',
    summary: 'Remove one of your lines.',
    tag: 'Cart',
    auth: 'customer',
    input: CartItemIdInput,
    output: CartItemRemovedDto,
    errors: [404],
    handler: (ctx, input) => cartService.removeCartItem(ctx, input.id),
  }),
];
