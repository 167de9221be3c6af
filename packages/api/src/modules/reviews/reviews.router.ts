import { ReviewCreateInput, ReviewDto, ReviewListQuery } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure, publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as reviews from './reviews.service.js';

export const reviewsRouter = router({
  list: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/reviews',
        tag: 'Catalogue',
        summary: 'Reviews of a product (product_id) or of a shop and its products (vendor_id), newest first.',
      },
    })
    .input(ReviewListQuery)
    .output(checkedOutput(z.array(ReviewDto)))
    .query(({ ctx, input }) => reviews.listReviews(ctx, input)),
  /** The caller's reviews, so an order page can offer a review only for caps not yet reviewed. */
  mine: customerProcedure.output(checkedOutput(z.array(ReviewDto))).query(({ ctx }) => reviews.listMyReviews(ctx)),
  create: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/reviews',
        example: { rating: 5, comment: 'Fits well and the embroidery is neat.', product_id: 12 },
        tag: 'Reviews',
        status: 201,
        errors: [403, 404, 409],
        summary:
          'Review a cap (product_id) or a shop (vendor_id), exactly one, with rating (whole, 1-5) and comment (10-500 characters). Customers only; needs a delivered order with that cap or from that shop; one review per cap and per shop. Answers the review.',
      },
    })
    .input(ReviewCreateInput)
    .output(checkedOutput(ReviewDto))
    .mutation(({ ctx, input }) => reviews.createReview(ctx, input)),
});
