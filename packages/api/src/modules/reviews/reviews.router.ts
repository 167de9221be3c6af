import { ReviewDto, ReviewListQuery } from '@caps/contracts';
import { z } from 'zod';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as reviews from './reviews.service.js';

export const reviewsRouter = router({
  list: publicProcedure
    .input(ReviewListQuery)
    .output(z.array(ReviewDto))
    .query(({ ctx, input }) => reviews.listReviews(ctx, input)),
});
