import { vendorProductsService } from '@caps/api';
import {
  CreateVendorProductInput,
  IdParam,
  MessageDto,
  ProductDto,
  UpdateVendorProductInput,
  VendorProductDto,
} from '@caps/contracts';
import { z } from 'zod';
import { route } from '../define.js';

const IMAGE_FIELDS = ['images'] as const;

export const vendorProductsRoutes = [
  route({
    method: 'GET',
    path: '/vendor/products',
    summary: "The vendor's own caps, archived ones included (archived: true), newest first, with stock.",
    tag: 'Vendor',
    auth: 'vendor',
    output: z.array(VendorProductDto),
    handler: (ctx) => vendorProductsService.listOwnProducts(ctx),
  }),
  route({
    method: 'POST',
    path: '/products',
    summary:
      'Add a cap to the verified shop of the caller (multipart or JSON): name, description, price (naira), stock, category, sizes[i] (blank and repeated sizes ignored, at least one) and up to 6 images[i] (JPEG, PNG or WebP, 5 MB each).',
    tag: 'Vendor',
    auth: 'vendor',
    input: CreateVendorProductInput,
    files: IMAGE_FIELDS,
    fileLists: IMAGE_FIELDS,
    output: ProductDto,
    status: 201,
    errors: [413, 415, 422],
    handler: (ctx, input, { files }) => vendorProductsService.createProduct(ctx, input, files),
  }),
  route({
    method: 'PUT',
    path: '/products/{id}',
    summary:
      "Change one of the caller's caps (verified shops only: a pending shop gets 403); only the fields sent change. New images[i] are appended; keep_images[i] (URLs or names of current images, in the new order) removes and reorders. At most 6 images in all.",
    tag: 'Vendor',
    auth: 'vendor',
    input: UpdateVendorProductInput,
    files: IMAGE_FIELDS,
    fileLists: IMAGE_FIELDS,
    output: ProductDto,
    errors: [404, 413, 415, 422],
    handler: (ctx, input, { files }) => vendorProductsService.updateProduct(ctx, input, files),
  }),
  route({
    method: 'DELETE',
    path: '/products/{id}',
    summary:
      "Delete one of the caller's caps (verified shops only); a cap that appears in an order is archived instead (hidden from the catalogue, kept for the order).",
    tag: 'Vendor',
    auth: 'vendor',
    input: IdParam,
    output: MessageDto,
    errors: [404],
    handler: (ctx, input) => vendorProductsService.removeProduct(ctx, input.id),
  }),
];
