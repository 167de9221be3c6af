import {
  CreateVendorProductInput,
  IdParam,
  MessageDto,
  ProductDto,
  UpdateVendorProductInput,
  VendorProductDto,
} from '@caps/contracts';
import { z } from 'zod';
import { vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as vendorProducts from './vendor-products.service.js';

/** The vendor's own caps, JSON only: the web client uploads images through REST. */
export const vendorProductsRouter = router({
  list: vendorProcedure.output(z.array(VendorProductDto)).query(({ ctx }) => vendorProducts.listOwnProducts(ctx)),
  create: vendorProcedure
    .input(CreateVendorProductInput)
    .output(ProductDto)
    .mutation(({ ctx, input }) => vendorProducts.createProduct(ctx, input)),
  update: vendorProcedure
    .input(UpdateVendorProductInput)
    .output(ProductDto)
    .mutation(({ ctx, input }) => vendorProducts.updateProduct(ctx, input)),
  remove: vendorProcedure
    .input(IdParam)
    .output(MessageDto)
    .mutation(({ ctx, input }) => vendorProducts.removeProduct(ctx, input.id)),
});
