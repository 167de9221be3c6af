import {
  ADDRESS_TEXT,
  type AddressDto,
  type AddressInput,
  MAX_SAVED_ADDRESSES,
  type UpdateAddressInput,
} from '@caps/contracts';
import { LockMode } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { type Address, AddressSchema } from './addresses.entities.js';

type AddressData = z.output<typeof AddressInput>;
type UpdateData = z.output<typeof UpdateAddressInput>;

export function toAddressDto(address: Address): AddressDto {
  return {
    id: address.id,
    full_name: address.fullName,
    address: address.address,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    phone: address.phone,
    is_default: address.isDefault,
    created_at: address.createdAt.toISOString(),
  };
}

/**
 * Runs a change of the caller's address book in a transaction holding a lock on the caller's user row,
 * so two simultaneous changes cannot both see "no addresses yet" (two defaults) or both pass the limit.
 * SQLite has no row locks and serialises writers itself.
 */
function withAddressBook<T>(ctx: AuthedContext, work: (em: Em) => Promise<T>): Promise<T> {
  return ctx.em.transactional(async (em) => {
    await em.lock(ctx.user, LockMode.PESSIMISTIC_WRITE);
    return work(em);
  });
}

/** Makes one address the default and every other address of the user not, in one statement. */
async function makeDefault(em: Em, userId: number, addressId: number): Promise<void> {
  await em.execute('update addresses set is_default = (id = ?) where user_id = ?', [addressId, userId]);
}

async function ownAddress(em: Em, ctx: AuthedContext, id: number): Promise<Address> {
  const address = await em.findOne(AddressSchema, { id, user: ctx.user.id }, { refresh: true });
  if (!address) throw new DomainError('NOT_FOUND', ADDRESS_TEXT.notFound);
  return address;
}

/** The caller's addresses, the default first, then newest first. */
export async function listAddresses(ctx: AuthedContext): Promise<AddressDto[]> {
  const addresses = await ctx.em.find(
    AddressSchema,
    { user: ctx.user.id },
    { orderBy: { isDefault: 'desc', createdAt: 'desc', id: 'desc' }, refresh: true },
  );
  return addresses.map(toAddressDto);
}

/** Saves an address; the first one becomes the default, and is_default moves the default to it. */
export async function createAddress(ctx: AuthedContext, data: AddressData): Promise<AddressDto> {
  const id = await withAddressBook(ctx, async (em) => {
    const count = await em.count(AddressSchema, { user: ctx.user.id });
    if (count >= MAX_SAVED_ADDRESSES) throw new DomainError('TOO_MANY_ADDRESSES', ADDRESS_TEXT.tooMany);
    const address = em.create(AddressSchema, {
      user: ctx.user.id,
      fullName: data.full_name,
      address: data.address,
      city: data.city,
      state: data.state,
      postalCode: data.postal_code,
      phone: data.phone,
      isDefault: count === 0,
    });
    await em.flush();
    if (count > 0 && data.is_default) await makeDefault(em, ctx.user.id, address.id);
    return address.id;
  });
  return toAddressDto(await ownAddress(ctx.em, ctx, id));
}

/**
 * Changes the fields sent. is_default true makes it the default; false cannot leave the customer
 * without one, so the default only moves when another address is made the default.
 */
export async function updateAddress(ctx: AuthedContext, data: UpdateData): Promise<AddressDto> {
  await withAddressBook(ctx, async (em) => {
    const address = await ownAddress(em, ctx, data.id);
    if (data.full_name !== undefined) address.fullName = data.full_name;
    if (data.address !== undefined) address.address = data.address;
    if (data.city !== undefined) address.city = data.city;
    if (data.state !== undefined) address.state = data.state;
    if (data.postal_code !== undefined) address.postalCode = data.postal_code;
    if (data.phone !== undefined) address.phone = data.phone;
    await em.flush();
    if (data.is_default) await makeDefault(em, ctx.user.id, address.id);
  });
  return toAddressDto(await ownAddress(ctx.em, ctx, data.id));
}

/** Makes one of the caller's addresses the default. */
export async function setDefaultAddress(ctx: AuthedContext, id: number): Promise<AddressDto> {
  await withAddressBook(ctx, async (em) => {
    await ownAddress(em, ctx, id);
    await makeDefault(em, ctx.user.id, id);
  });
  return toAddressDto(await ownAddress(ctx.em, ctx, id));
}

/** Deletes one of the caller's addresses; when it was the default, the newest remaining one takes over. */
export async function removeAddress(ctx: AuthedContext, id: number): Promise<{ message: string }> {
  await withAddressBook(ctx, async (em) => {
    const address = await ownAddress(em, ctx, id);
    const wasDefault = address.isDefault;
    await em.nativeDelete(AddressSchema, { id: address.id });
    if (!wasDefault) return;
    const newest = await em.findOne(
      AddressSchema,
      { user: ctx.user.id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, fields: ['id'] },
    );
    if (newest) await makeDefault(em, ctx.user.id, newest.id);
  });
  return { message: ADDRESS_TEXT.deleted };
}
