import {
  CreateVendorProductInput,
  IdParam,
  MessageDto,
  ProductDto,
  UpdateVendorProductInput,
  VendorProductDto,
} from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { vendorProcedure } from '../../procedures.js';
import { uploadsOf } from '../../rest-binding.js';
import { router } from '../../trpc.js';
import * as vendorProducts from './vendor-products.service.js';

const tag = 'Vendor';
const IMAGE_FIELDS = ['images'] as const;

/** The vendor's own caps. Images come with the multipart REST calls (POST /products, PUT /products/{id}). */
export const vendorProductsRouter = router({
  list: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendor/products',
        tag,
        summary: "The vendor's own caps, archived ones included (archived: true), newest first, with stock.",
      },
    })
    .output(checkedOutput(z.array(VendorProductDto)))
    .query(({ ctx }) => vendorProducts.listOwnProducts(ctx)),
  create: vendorProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/products',
        example: {
          name: 'Zanna Bukar cap',
          description: 'Hand-embroidered Kanuri cap in white cotton.',
          price: 15000,
          stock: 8,
          category: 'Hausa Caps',
          sizes: ['56', '58'],
        },
        tag,
        status: 201,
        files: IMAGE_FIELDS,
        fileLists: IMAGE_FIELDS,
        errors: [413, 415, 422],
        summary:
          'Add a cap to the verified shop of the caller (multipart or JSON): name, description, price (naira), stock, category, sizes[i] (blank and repeated sizes ignored, at least one) and up to 6 images[i] (JPEG, PNG or WebP, 5 MB each).',
      },
    })
    .input(CreateVendorProductInput)
    .output(checkedOutput(ProductDto))
    .mutation(({ ctx, input }) => vendorProducts.createProduct(ctx, input, uploadsOf(ctx))),
  update: vendorProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/products/{id}',
        tag,
        files: IMAGE_FIELDS,
        fileLists: IMAGE_FIELDS,
        errors: [404, 413, 415, 422],
        summary:
          "Change one of the caller's caps (verified shops only: a pending shop gets 403); only the fields sent change. New images[i] are appended; keep_images[i] (URLs or names of current images, in the new order) removes and reorders. At most 6 images in all.",
      },
    })
    .input(UpdateVendorProductInput)
    .output(checkedOutput(ProductDto))
    .mutation(({ ctx, input }) => vendorProducts.updateProduct(ctx, input, uploadsOf(ctx))),
  remove: vendorProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/products/{id}',
        tag,
        errors: [404],
        summary:
          "Delete one of the caller's caps (verified shops only); a cap that appears in an order is archived instead (hidden from the catalogue, kept for the order).",
      },
    })
    .input(IdParam)
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx, input }) => vendorProducts.removeProduct(ctx, input.id)),
});
