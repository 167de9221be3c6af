import { IdParam, PublicVendorDto } from '@caps/contracts';
import { z } from 'zod';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as vendors from './vendors.service.js';

export const vendorsRouter = router({
  list: publicProcedure.output(z.array(PublicVendorDto)).query(({ ctx }) => vendors.listVendors(ctx)),
  get: publicProcedure
    .input(IdParam)
    .output(PublicVendorDto)
    .query(({ ctx, input }) => vendors.getVendor(ctx, input.id)),
});
