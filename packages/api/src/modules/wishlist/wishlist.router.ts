import { MessageDto, WishlistEntryDto, WishlistProductInput } from '@caps/contracts';
import { z } from 'zod';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as wishlist from './wishlist.service.js';

/** The signed-in customer's wishlist; other roles have none (403). */
export const wishlistRouter = router({
  list: customerProcedure.output(z.array(WishlistEntryDto)).query(({ ctx }) => wishlist.listWishlist(ctx)),
  add: customerProcedure
    .input(WishlistProductInput)
    .output(WishlistEntryDto)
    .mutation(async ({ ctx, input }) => (await wishlist.addToWishlist(ctx, input.product_id)).entry),
  remove: customerProcedure
    .input(WishlistProductInput)
    .output(MessageDto)
    .mutation(({ ctx, input }) => wishlist.removeFromWishlist(ctx, input.product_id)),
  has: customerProcedure
    .input(WishlistProductInput)
    .output(z.boolean())
    .query(({ ctx, input }) => wishlist.isWishlisted(ctx, input.product_id)),
});
