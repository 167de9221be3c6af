import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';

const now = () => new Date();

/** A shop. Its owner is a user with role vendor; its public status follows the owner's status. */
export const VendorSchema = defineEntity({
  name: 'Vendor',
  tableName: 'vendors',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.oneToOne(UserSchema).owner().unique().deleteRule('cascade'),
    shopName: p.string().length(50),
    shopDescription: p.string().length(500),
    address: p.string().length(200),
    phone: p.string().length(20),
    accountHolderName: p.string().length(50),
    accountNumber: p.string().length(10),
    bankName: p.string().length(50),
    /** Paystack's code of the bank (null for shops registered before banks were checked). */
    bankCode: p.string().length(12).nullable(),
    /** The name the bank holds for the account, from Paystack's resolve, and when it was resolved. */
    resolvedAccountName: p.string().length(100).nullable(),
    bankVerifiedAt: p.datetime().nullable(),
    /** Paystack's transfer recipient for the verified account; cleared when the bank details change. */
    transferRecipientCode: p.string().length(64).nullable(),
    /** No payout before this moment (set for 24 hours by a change of bank details). */
    payoutsPausedUntil: p.datetime().nullable(),
    /** The shop's own commission rate in basis points; null follows the platform's. */
    commissionBp: p.integer().nullable(),
    /**
     * Counts the shop's payouts: a payout run moves it from n to n + 1 with a conditional update in the
     * transaction that writes the payout, so two runs at once can never both pay the same balance.
     */
    payoutSeq: p.integer().default(0),
    profileImage: p.string().length(100).nullable(),
    coverImage: p.string().length(100).nullable(),
    verifiedAt: p.datetime().nullable().index(),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Vendor = InferEntity<typeof VendorSchema>;
