import { IdParam, PagedProductsDto, ProductDto, ProductListQuery } from '@caps/contracts';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as catalogue from './catalogue.service.js';

export const catalogueRouter = router({
  list: publicProcedure
    .input(ProductListQuery)
    .output(PagedProductsDto)
    .query(({ ctx, input }) => catalogue.listProducts(ctx, input)),
  get: publicProcedure
    .input(IdParam)
    .output(ProductDto)
    .query(({ ctx, input }) => catalogue.getProduct(ctx, input.id)),
});
