import { DEFAULT_VENDOR_RATING, type UserDto, type VendorDto } from '@caps/contracts';
import { imageUrl } from '../../images/image-store.js';
import type { Vendor } from '../vendors/vendors.entities.js';
import type { User } from './auth.entities.js';

export interface RatingSummary {
  average: number;
  count: number;
}

export function toVendorDto(vendor: Vendor, owner: User, rating: RatingSummary): VendorDto {
  return {
    id: vendor.id,
    user_id: owner.id,
    user: { name: owner.fullName, email: owner.email },
    shop_name: vendor.shopName,
    shop_description: vendor.shopDescription,
    address: vendor.address,
    phone: vendor.phone,
    average_rating: rating.count > 0 ? Math.round(rating.average * 10) / 10 : DEFAULT_VENDOR_RATING,
    total_reviews: rating.count,
    account_holder_name: vendor.accountHolderName,
    account_number: vendor.accountNumber,
    bank_name: vendor.bankName,
    bank_code: vendor.bankCode ?? null,
    resolved_account_name: vendor.resolvedAccountName ?? null,
    payouts_paused_until: vendor.payoutsPausedUntil?.toISOString() ?? null,
    profile_image: imageUrl(vendor.profileImage),
    cover_image: imageUrl(vendor.coverImage),
    is_verified: vendor.verifiedAt ? 1 : 0,
    verified_at: vendor.verifiedAt?.toISOString() ?? null,
    status: owner.status,
    created_at: vendor.createdAt.toISOString(),
  };
}

export function toUserDto(user: User, vendor: { entity: Vendor; rating: RatingSummary } | null): UserDto {
  return {
    id: user.id,
    name: user.fullName,
    full_name: user.fullName,
    email: user.email,
    phone: user.phone ?? null,
    address: user.address ?? null,
    role: user.role,
    status: user.status,
    created_at: user.createdAt.toISOString(),
    vendor: vendor ? toVendorDto(vendor.entity, user, vendor.rating) : null,
  };
}
