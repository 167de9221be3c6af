import { AddressSchema } from '../../modules/addresses/addresses.entities.js';
import { type User, UserSchema } from '../../modules/auth/auth.entities.js';
import { SPEC_BANK_CODES } from '../../modules/finance/banks.service.js';
import type { ShippingDetails } from '../../modules/orders/orders.entities.js';
import { type Vendor, VendorSchema } from '../../modules/vendors/vendors.entities.js';
import { CUSTOMERS, type CustomerSeed } from '../demo-data/customers.js';
import { SHOPS } from '../demo-data/shops.js';
import { DAY, type Random } from '../random.js';
import type { SeedRun } from '../run.js';

const PHONE_PREFIXES = ['803', '806', '813', '816', '703', '706', '805', '807', '815', '905', '802', '808', '812'];

function phoneNumber(rand: Random): string {
  return `+234${rand.pick(PHONE_PREFIXES)}${String(rand.int(0, 9_999_999)).padStart(7, '0')}`;
}

/** The platform admin, who handles reports and contact messages. */
export function seedAdmin(run: SeedRun, passwordHash: string): User {
  const admin = run.em.create(UserSchema, {
    email: 'admin@capsmarket.ng',
    passwordHash,
    fullName: 'Platform Admin',
    phone: '+2348030000000',
    role: 'admin',
    status: 'active',
    createdAt: run.at(400 * DAY),
    updatedAt: run.at(400 * DAY),
  });
  run.count('admins');
  return admin;
}

/** Every shop of SHOPS with its owner, bank details and pictures; verified shops a few days after sign-up. */
export function seedShops(
  run: SeedRun,
  shopAges: readonly number[],
  pictures: readonly { profileImage: string; coverImage: string }[],
  passwordHash: string,
): Vendor[] {
  const { em, rand } = run;
  return SHOPS.map((shop, index) => {
    const createdAt = run.at(shopAges[index]! * DAY);
    const phone = phoneNumber(rand);
    const user = em.create(UserSchema, {
      email: shop.email,
      passwordHash,
      fullName: shop.owner,
      phone,
      address: shop.address,
      role: 'vendor',
      status: 'active',
      createdAt,
      updatedAt: createdAt,
    });
    const images = pictures[index]!;
    run.count('vendors');
    // Verified with the bank at sign-up, as registration does now: the seeded owner is the account's holder.
    const bankCode = SPEC_BANK_CODES[shop.bank];
    return em.create(VendorSchema, {
      user,
      shopName: shop.shopName,
      shopDescription: shop.description,
      address: shop.address,
      phone,
      accountHolderName: shop.owner,
      accountNumber: String(rand.int(0, 9_999_999_999)).padStart(10, '0'),
      bankName: shop.bank,
      bankCode,
      resolvedAccountName: shop.owner.toUpperCase(),
      bankVerifiedAt: createdAt,
      profileImage: images.profileImage,
      coverImage: images.coverImage,
      verifiedAt: shop.verified ? new Date(createdAt.getTime() + rand.between(1, 4) * DAY) : null,
      createdAt,
      updatedAt: createdAt,
    });
  });
}

/** A seeded customer with the details their orders ship to. */
export interface SeededCustomer {
  user: User;
  seed: CustomerSeed;
  details: ShippingDetails;
}

/** Every customer of CUSTOMERS with a default address. */
export function seedCustomers(run: SeedRun, passwordHash: string): SeededCustomer[] {
  const { em, rand } = run;
  return CUSTOMERS.map((seed, index) => {
    // Every customer joined before the oldest order the plans can place (120 days).
    const createdAt = run.at((300 - index * 15) * DAY);
    const phone = phoneNumber(rand);
    const user = em.create(UserSchema, {
      email: seed.email,
      passwordHash,
      fullName: seed.name,
      phone,
      address: `${seed.address}, ${seed.city}, ${seed.state === 'FCT' ? 'FCT' : `${seed.state} State`}`,
      role: 'customer',
      status: 'active',
      createdAt,
      updatedAt: createdAt,
    });
    em.create(AddressSchema, {
      user,
      fullName: seed.name,
      address: seed.address,
      city: seed.city,
      state: seed.state,
      postalCode: seed.postalCode,
      phone,
      isDefault: true,
      createdAt,
    });
    run.count('customers');
    run.count('addresses');
    return {
      user,
      seed,
      details: {
        fullName: seed.name,
        email: seed.email,
        phone,
        address: seed.address,
        city: seed.city,
        state: seed.state,
        postalCode: seed.postalCode,
      },
    };
  });
}
