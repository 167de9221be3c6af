/** The cart page keeps the applied coupon here for checkout (a plain code, or JSON with a code). */
export const CHECKOUT_COUPON_KEY = 'checkout_coupon';

export function readCheckoutCoupon(): string | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(CHECKOUT_COUPON_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let code: unknown = raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') code = parsed;
    else if (parsed && typeof parsed === 'object' && 'code' in parsed) code = parsed.code;
  } catch {
    // A plain code, not JSON.
  }
  if (typeof code !== 'string') return null;
  const trimmed = code.trim().toUpperCase();
  return trimmed || null;
}

export function forgetCheckoutCoupon(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_COUPON_KEY);
  } catch {
    // Storage unavailable: nothing to forget.
  }
}
