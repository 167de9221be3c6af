import { MessageDto, WishlistEntryDto, WishlistProductInput } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as wishlist from './wishlist.service.js';

const tag = 'Wishlist';

/** The signed-in customer's wishlist; other roles have none (403). */
export const wishlistRouter = router({
  list: customerProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/wishlist',
        tag,
        summary:
          "The signed-in customer's wishlist, newest first. Entries whose cap is no longer listed stay, with available false.",
      },
    })
    .output(checkedOutput(z.array(WishlistEntryDto)))
    .query(({ ctx }) => wishlist.listWishlist(ctx)),
  add: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/wishlist',
        tag,
        status: 201,
        alsoAnswers: [200],
        errors: [404],
        summary:
          'Add a listed cap (product_id, converted to a whole number). Idempotent: 201 with the new entry, or 200 with the entry already there.',
      },
    })
    .input(WishlistProductInput)
    .output(checkedOutput(WishlistEntryDto))
    .mutation(async ({ ctx, input }) => {
      const { entry, created } = await wishlist.addToWishlist(ctx, input.product_id);
      if (ctx.rest && !created) ctx.rest.status = 200;
      return entry;
    }),
  remove: customerProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/wishlist/{product_id}',
        tag,
        summary:
          'Remove a cap from the wishlist by its product id. Idempotent: answers 200 even when it was not there.',
      },
    })
    .input(WishlistProductInput)
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx, input }) => wishlist.removeFromWishlist(ctx, input.product_id)),
  has: customerProcedure
    .input(WishlistProductInput)
    .output(checkedOutput(z.boolean()))
    .query(({ ctx, input }) => wishlist.isWishlisted(ctx, input.product_id)),
});
