import { AddressDto, AddressIdInput, AddressInput, MessageDto, UpdateAddressInput } from '@caps/contracts';
import { z } from 'zod';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as addresses from './addresses.service.js';

/** The signed-in customer's saved shipping addresses; other roles have none (403). */
export const addressesRouter = router({
  list: customerProcedure.output(z.array(AddressDto)).query(({ ctx }) => addresses.listAddresses(ctx)),
  create: customerProcedure
    .input(AddressInput)
    .output(AddressDto)
    .mutation(({ ctx, input }) => addresses.createAddress(ctx, input)),
  update: customerProcedure
    .input(UpdateAddressInput)
    .output(AddressDto)
    .mutation(({ ctx, input }) => addresses.updateAddress(ctx, input)),
  remove: customerProcedure
    .input(AddressIdInput)
    .output(MessageDto)
    .mutation(({ ctx, input }) => addresses.removeAddress(ctx, input.id)),
  setDefault: customerProcedure
    .input(AddressIdInput)
    .output(AddressDto)
    .mutation(({ ctx, input }) => addresses.setDefaultAddress(ctx, input.id)),
});
