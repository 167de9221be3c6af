/**
 * Dates as the storefront writes them, in the reader's own time zone: what Intl.DateTimeFormat('en-NG', ...)
 * writes for these options, by hand. The first Intl formatter a browser page makes costs it 20-30 ms of loading
 * (more on a phone): one long task before the page answers a tap.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "November 2026": { month: 'long', year: 'numeric' }. '' for an invalid date. */
export function formatMonthYear(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "5 November 2026": { day: 'numeric', month: 'long', year: 'numeric' }. '' for an invalid date. */
export function formatDayMonthYear(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${formatMonthYear(date)}`;
}
