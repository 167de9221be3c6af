import { IdParam, PublicVendorDto } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as vendors from './vendors.service.js';

const tag = 'Catalogue';

export const vendorsRouter = router({
  list: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendors',
        tag,
        summary: 'Every verified shop, with average_rating and total_reviews from its reviews (4.5 when none).',
      },
    })
    .output(checkedOutput(z.array(PublicVendorDto)))
    .query(({ ctx }) => vendors.listVendors(ctx)),
  get: publicProcedure
    .meta({ rest: { method: 'GET', path: '/vendors/{id}', tag, summary: 'One verified shop.' } })
    .input(IdParam)
    .output(checkedOutput(PublicVendorDto))
    .query(({ ctx, input }) => vendors.getVendor(ctx, input.id)),
});
