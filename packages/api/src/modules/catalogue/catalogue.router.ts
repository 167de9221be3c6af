import { IdParam, PagedProductsDto, ProductDto, ProductListQuery } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as catalogue from './catalogue.service.js';

const tag = 'Catalogue';

// The public catalogue reads from a read replica when DATABASE_READ_URLS names some (db/read.ts).
export const catalogueRouter = router({
  list: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/products',
        tag,
        summary:
          'One page of the public catalogue. Filters: category, search (name, description, category, shop name), vendor_id, price band; sort: newest, price-low, price-high, rating, name (or price/created_at/rating/name with order asc|desc); page, per_page (12, at most 100).',
      },
    })
    .input(ProductListQuery)
    .output(checkedOutput(PagedProductsDto))
    .query(({ ctx, input }) => catalogue.listProducts(ctx, input, 'read')),
  get: publicProcedure
    .meta({ rest: { method: 'GET', path: '/products/{id}', tag, summary: 'One public product.' } })
    .input(IdParam)
    .output(checkedOutput(ProductDto))
    .query(({ ctx, input }) => catalogue.getProduct(ctx, input.id, 'read')),
});
