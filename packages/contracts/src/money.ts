/** Money is integer kobo inside the system; naira appears only at the edges. */

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  // + 0 turns a negated zero (a sum of no entries, reversed) into 0, so no answer says -0.
  return kobo / 100 + 0;
}

/**
 * What Intl.NumberFormat('en-NG', NAIRA_DIGITS) writes (no decimals for whole naira, else both kobo digits), for the
 * amounts a shop has: the first Intl formatter a browser page makes costs it 20-30 ms of loading (more on a
 * phone), one long task before the storefront can answer a tap, so ordinary amounts are written by hand.
 * Rounded as Intl does: half away from zero, on the number's shortest decimal form (1.005 gives 1.01).
 * Null for what is left to Intl (NaN, infinities, 10^15 and beyond, and below 10^-6, which String writes with
 * an exponent).
 */
function groupedNaira(naira: number): string | null {
  const digits = String(Math.abs(naira));
  if (!Number.isFinite(naira) || Math.abs(naira) >= 1e15 || digits.includes('e')) return null;
  const [whole = '0', fraction = ''] = digits.split('.');
  let units = Number(whole);
  let kobo = Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) kobo += 1;
  if (kobo === 100) {
    units += 1;
    kobo = 0;
  }
  const koboText = kobo === 0 ? '' : `.${String(kobo).padStart(2, '0')}`;
  const negative = naira < 0 || Object.is(naira, -0);
  return `${negative ? '-' : ''}${String(units).replace(/\B(?=(\d{3})+$)/g, ',')}${koboText}`;
}

/** Naira as money is written: ₦12,500 for whole naira, ₦12,500.50 (both kobo digits) otherwise. */
const NAIRA_DIGITS: Intl.NumberFormatOptions = {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  trailingZeroDisplay: 'stripIfInteger',
};

/** Intl's formatter, made only for what the hand-written one leaves to it. */
let intlNaira: Intl.NumberFormat | undefined;

/** ₦12,500 (or ₦12,500.50 when there are kobo). */
export function formatNaira(naira: number): string {
  const grouped = groupedNaira(naira);
  if (grouped !== null) return `₦${grouped}`;
  intlNaira ??= new Intl.NumberFormat('en-NG', NAIRA_DIGITS);
  return `₦${intlNaira.format(naira)}`;
}

export function formatKobo(kobo: number): string {
  return formatNaira(koboToNaira(kobo));
}
