import { ReviewCreateInput, ReviewDto, ReviewListQuery } from '@caps/contracts';
import { z } from 'zod';
import { customerProcedure, publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as reviews from './reviews.service.js';

export const reviewsRouter = router({
  list: publicProcedure
    .input(ReviewListQuery)
    .output(z.array(ReviewDto))
    .query(({ ctx, input }) => reviews.listReviews(ctx, input)),
  /** The caller's reviews, so an order page can offer a review only for caps not yet reviewed. */
  mine: customerProcedure.output(z.array(ReviewDto)).query(({ ctx }) => reviews.listMyReviews(ctx)),
  create: customerProcedure
    .input(ReviewCreateInput)
    .output(ReviewDto)
    .mutation(({ ctx, input }) => reviews.createReview(ctx, input)),
});
