/** Money is integer kobo inside the system; naira appears only at the edges. */

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  // + 0 turns a negated zero (a sum of no entries, reversed) into 0, so no answer says -0.
  return kobo / 100 + 0;
}

const nairaFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** ₦12,500 (or ₦12,500.5 when there are kobo). */
export function formatNaira(naira: number): string {
  return `₦${nairaFormat.format(naira)}`;
}

export function formatKobo(kobo: number): string {
  return formatNaira(koboToNaira(kobo));
}
