import { catalogueService, contactService, reviewsService, vendorsService } from '@caps/api';
import {
  ContactMessageInput,
  IdParam,
  PagedProductsDto,
  ProductDto,
  ProductListQuery,
  PublicVendorDto,
  ReviewDto,
  ReviewListQuery,
} from '@caps/contracts';
import { z } from 'zod';
import { route } from '../define.js';

export const catalogueRoutes = [
  route({
    method: 'GET',
    path: '/products',
    summary:
      'One page of the public catalogue. Filters: category, search (name, description, category, shop name), vendor_id, price band; sort: newest, price-low, price-high, rating, name (or price/created_at/rating/name with order asc|desc); page, per_page (12, at most 100).',
    tag: 'Catalogue',
    auth: 'public',
    input: ProductListQuery,
    output: PagedProductsDto,
    handler: (ctx, input) => catalogueService.listProducts(ctx, input),
  }),
  route({
    method: 'GET',
    path: '/products/{id}',
    summary: 'One public product.',
    tag: 'Catalogue',
    auth: 'public',
    input: IdParam,
    output: ProductDto,
    handler: (ctx, input) => catalogueService.getProduct(ctx, input.id),
  }),
  route({
    method: 'GET',
    path: '/vendors',
    summary: 'Every verified shop, with average_rating and total_reviews from its reviews (4.5 when none).',
    tag: 'Catalogue',
    auth: 'public',
    output: z.array(PublicVendorDto),
    handler: (ctx) => vendorsService.listVendors(ctx),
  }),
  route({
    method: 'GET',
    path: '/vendors/{id}',
    summary: 'One verified shop.',
    tag: 'Catalogue',
    auth: 'public',
    input: IdParam,
    output: PublicVendorDto,
    handler: (ctx, input) => vendorsService.getVendor(ctx, input.id),
  }),
  route({
    method: 'GET',
    path: '/reviews',
    summary: 'Reviews of a product (product_id) or of a shop and its products (vendor_id), newest first.',
    tag: 'Catalogue',
    auth: 'public',
    input: ReviewListQuery,
    output: z.array(ReviewDto),
    handler: (ctx, input) => reviewsService.listReviews(ctx, input),
  }),
  route({
    method: 'POST',
    path: '/contact',
    summary:
      'Send a message from the contact form (name, email, subject, message); admins read it later. Limited per IP (429 with Retry-After).',
    tag: 'Contact',
    auth: 'public',
    input: ContactMessageInput,
    output: z.object({ id: z.number().int(), message: z.string() }),
    status: 201,
    errors: [429],
    handler: (ctx, input) => contactService.sendMessage(ctx, input),
  }),
];
