import { AddressDto, AddressIdInput, AddressInput, MessageDto, UpdateAddressInput } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as addresses from './addresses.service.js';

const tag = 'Addresses';

/** The signed-in customer's saved shipping addresses; other roles have none (403). */
export const addressesRouter = router({
  list: customerProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/addresses',
        tag,
        summary: "The signed-in customer's saved shipping addresses, the default first.",
      },
    })
    .output(checkedOutput(z.array(AddressDto)))
    .query(({ ctx }) => addresses.listAddresses(ctx)),
  create: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/addresses',
        example: {
          full_name: 'Aisha Bello',
          address: '12 Shehu Laminu Way, Maiduguri',
          city: 'Maiduguri',
          state: 'Borno',
          postal_code: '600001',
          phone: '+2348012345678',
          is_default: true,
        },
        tag,
        status: 201,
        summary:
          'Save an address (full_name, address, city, state, postal_code, phone, optional is_default). The first one becomes the default; at most 10.',
      },
    })
    .input(AddressInput)
    .output(checkedOutput(AddressDto))
    .mutation(({ ctx, input }) => addresses.createAddress(ctx, input)),
  update: customerProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/addresses/{id}',
        tag,
        errors: [404],
        summary: 'Change any of the fields of one of your addresses; is_default true makes it the default.',
      },
    })
    .input(UpdateAddressInput)
    .output(checkedOutput(AddressDto))
    .mutation(({ ctx, input }) => addresses.updateAddress(ctx, input)),
  remove: customerProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/addresses/{id}',
        tag,
        errors: [404],
        summary: 'Delete one of your addresses; when it was the default, the newest remaining one becomes the default.',
      },
    })
    .input(AddressIdInput)
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx, input }) => addresses.removeAddress(ctx, input.id)),
  setDefault: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/addresses/{id}/default',
        tag,
        errors: [404],
        summary: 'Make one of your addresses the default (the others stop being it).',
      },
    })
    .input(AddressIdInput)
    .output(checkedOutput(AddressDto))
    .mutation(({ ctx, input }) => addresses.setDefaultAddress(ctx, input.id)),
});
