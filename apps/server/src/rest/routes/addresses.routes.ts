import { addressesService } from '@caps/api';
import { AddressDto, AddressIdInput, AddressInput, MessageDto, UpdateAddressInput } from '@caps/contracts';
import { z } from 'zod';
import { route } from '../define.js';

export const addressesRoutes = [
  route({
    method: 'GET',
    path: '/addresses',
    summary: "The signed-in customer's saved shipping addresses, the default first.",
    tag: 'Addresses',
    auth: 'customer',
    output: z.array(AddressDto),
    handler: (ctx) => addressesService.listAddresses(ctx),
  }),
  route({
    method: 'POST',
    path: '/addresses',
    summary:
      'Save an address (full_name, address, city, state, postal_code, phone, optional is_default). The first one becomes the default; at most 10.',
    tag: 'Addresses',
    auth: 'customer',
    input: AddressInput,
    output: AddressDto,
    status: 201,
    handler: (ctx, input) => addressesService.createAddress(ctx, input),
  }),
  route({
    method: 'PUT',
    path: '/addresses/{id}',
    summary: 'Change any of the fields of one of your addresses; is_default true makes it the default.',
    tag: 'Addresses',
    auth: 'customer',
    input: UpdateAddressInput,
    output: AddressDto,
    errors: [404],
    handler: (ctx, input) => addressesService.updateAddress(ctx, input),
  }),
  route({
    method: 'DELETE',
    path: '/addresses/{id}',
    summary: 'Delete one of your addresses; when it was the default, the newest remaining one becomes the default.',
    tag: 'Addresses',
    auth: 'customer',
    input: AddressIdInput,
    output: MessageDto,
    errors: [404],
    handler: (ctx, input) => addressesService.removeAddress(ctx, input.id),
  }),
  route({
    method: 'POST',
    path: '/addresses/{id}/default',
    summary: 'Make one of your addresses the default (the others stop being it).',
    tag: 'Addresses',
    auth: 'customer',
    input: AddressIdInput,
    output: AddressDto,
    errors: [404],
    handler: (ctx, input) => addressesService.setDefaultAddress(ctx, input.id),
  }),
];
