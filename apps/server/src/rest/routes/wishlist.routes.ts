import { wishlistService } from '@caps/api';
import { MessageDto, WishlistEntryDto, WishlistProductInput } from '@caps/contracts';
import { z } from 'zod';
import { route } from '../define.js';

export const wishlistRoutes = [
  route({
    method: 'GET',
    path: '/wishlist',
    summary:
      "The signed-in customer's wishlist, newest first. Entries whose cap is no longer listed stay, with available false.",
    tag: 'Wishlist',
    auth: 'customer',
    output: z.array(WishlistEntryDto),
    handler: (ctx) => wishlistService.listWishlist(ctx),
  }),
  route({
    method: 'POST',
    path: '/wishlist',
    summary:
      'Add a listed cap (product_id, converted to a whole number). Idempotent: 201 with the new entry, or 200 with the entry already there.',
    tag: 'Wishlist',
    auth: 'customer',
    input: WishlistProductInput,
    output: WishlistEntryDto,
    status: 201,
    alsoAnswers: [200],
    errors: [404],
    handler: async (ctx, input, { reply }) => {
      const { entry, created } = await wishlistService.addToWishlist(ctx, input.product_id);
      // The table gives one success status per call; this one has two, so it answers itself.
      return reply.status(created ? 201 : 200).send(entry);
    },
  }),
  route({
    method: 'DELETE',
    path: '/wishlist/{product_id}',
    summary: 'Remove a cap from the wishlist by its product id. Idempotent: answers 200 even when it was not there.',
    tag: 'Wishlist',
    auth: 'customer',
    input: WishlistProductInput,
    output: MessageDto,
    handler: (ctx, input) => wishlistService.removeFromWishlist(ctx, input.product_id),
  }),
];
