import { formatKobo, NOTIFICATION_KIND_INFO, type NotificationKind } from '@caps/contracts';
import type { InAppContent } from '../notify.js';
import { BRAND, type EmailContent, emailLayout, html, type SafeHtml } from './layout.js';

/**
 * The pieces every order, shop and money message is made of (docs/notifications.md "Templates"): a message
 * is a summary sentence, some blocks (each written once as HTML and once as plain text, from the same data)
 * and a link, rendered both as an email (emailLayout) and as the bell's item. Every value goes through the
 * `html` tag, so names, notes, reasons and review texts arrive escaped in the HTML and literal in the text.
 */

/** Pages of the web app messages lead to (apps/web/src/routes/router.tsx and the dashboards' `?tab=`). */
export const WEB_PATHS = {
  order: (id: number) => `/order/${id}`,
  orders: '/orders',
  product: (id: number) => `/product/${id}`,
  shop: (id: number) => `/shop/${id}`,
  contact: '/contact',
  vendorDashboard: '/vendor/dashboard',
  vendorOrders: '/vendor/dashboard?tab=orders',
  vendorProducts: '/vendor/dashboard?tab=products',
  vendorReturns: '/vendor/dashboard?tab=returns',
  vendorEarnings: '/vendor/dashboard?tab=earnings',
  adminVendors: '/admin/dashboard?tab=vendors',
  adminReports: '/admin/dashboard?tab=reports',
  adminMessages: '/admin/dashboard?tab=messages',
} as const;

/** A message rendered for both channels. */
export interface Rendered {
  email: EmailContent;
  inApp: InAppContent;
}

/** A part of an email's body, in HTML and in plain text. */
export interface Block {
  html: SafeHtml;
  text: string;
}

export interface MessageInput {
  publicUrl: string;
  /** Decides the preferences link: non-essential kinds carry one. */
  kind: NotificationKind;
  greetingName?: string | null | undefined;
  subject: string;
  /** The bell's title, when it should differ from the subject. */
  title?: string | undefined;
  /** One or two plain sentences: the email's first paragraph and the bell's text. */
  summary: string;
  /** What the email says after the summary. */
  blocks?: (Block | null)[] | undefined;
  /** Where the message leads: the email's button (absolute, from PUBLIC_URL) and the bell's link (a path). */
  link: { label: string; path: string } | null;
}

/** Renders a message as its email and its bell item. */
export function message(input: MessageInput): Rendered {
  const blocks = [paragraph(input.summary), ...(input.blocks ?? [])].filter((b): b is Block => b !== null);
  const email = emailLayout({
    publicUrl: input.publicUrl,
    subject: input.subject,
    greetingName: input.greetingName,
    bodyHtml: html`${blocks.map((b) => b.html)}`,
    bodyText: blocks.map((b) => b.text).join('\n\n'),
    action: input.link ?? undefined,
    preferencesLink: !NOTIFICATION_KIND_INFO[input.kind].essential,
  });
  return {
    email,
    inApp: { title: input.title ?? input.subject, body: input.summary, link: input.link?.path ?? null },
  };
}

export function paragraph(text: string): Block {
  return { html: html`<p style="margin:0 0 16px">${text}</p>`, text };
}

/** Someone's own words (a shop's note, a reason, a review, a contact message), set apart and escaped. */
export function quote(label: string, words: string | null | undefined): Block | null {
  if (!words?.trim()) return null;
  return {
    html: html`<p style="margin:0 0 4px;font-weight:bold">${label}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid ${BRAND.border};background:${BRAND.background};white-space:pre-wrap">${words}</blockquote>`,
    text: `${label}\n${words
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n')}`,
  };
}

/** Label and value pairs (an address, a payout's details); pairs without a value are left out. */
export function facts(title: string | null, rows: [string, string | null | undefined][]): Block {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return {
    html: html`${title ? html`<p style="margin:0 0 4px;font-weight:bold">${title}</p>` : ''}<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${shown.map(([label, value]) => html`<tr><td style="padding:2px 12px 2px 0;color:${BRAND.muted};vertical-align:top">${label}</td><td style="padding:2px 0;white-space:pre-wrap">${value}</td></tr>`)}</table>`,
    text: [...(title ? [title] : []), ...shown.map(([label, value]) => `${label}: ${value}`)].join('\n'),
  };
}

/** One line of an order as a message shows it. */
export interface ItemLine {
  name: string;
  size: string;
  quantity: number;
  unitPriceKobo: number;
  /** What the line comes to, when not unit price × quantity (a returned line's share of a discount). */
  amountKobo?: number | undefined;
}

const lineKobo = (item: ItemLine) => item.amountKobo ?? item.unitPriceKobo * item.quantity;

/** An amount line under the items (subtotal, discount, shipping, total); zero amounts may be left out. */
export type AmountLine = [label: string, kobo: number, options?: { minus?: boolean; bold?: boolean }];

const cell = 'padding:6px 8px;border-bottom:1px solid';

/** The caps of an order: name, size, quantity and price of each line, then its amounts (or the amounts alone). */
export function itemsTable(title: string | null, items: ItemLine[], amounts: AmountLine[] = []): Block {
  const money = (kobo: number, minus?: boolean) => `${minus ? '−' : ''}${formatKobo(kobo)}`;
  const rows = items.map(
    (item) =>
      html`<tr><td style="${cell} ${BRAND.border}">${item.name}</td><td style="${cell} ${BRAND.border}">${item.size}</td><td style="${cell} ${BRAND.border};text-align:right">${item.quantity}</td><td style="${cell} ${BRAND.border};text-align:right">${formatKobo(lineKobo(item))}</td></tr>`,
  );
  const totals = amounts.map(
    ([label, kobo, options]) =>
      html`<tr><td colspan="3" style="padding:4px 8px;text-align:right;${options?.bold ? 'font-weight:bold' : ''}">${label}</td><td style="padding:4px 8px;text-align:right;${options?.bold ? 'font-weight:bold' : ''}">${money(kobo, options?.minus)}</td></tr>`,
  );
  const head = `padding:6px 8px;text-align:left;border-bottom:2px solid ${BRAND.border};color:${BRAND.muted};font-size:12px`;
  return {
    html: html`${title ? html`<p style="margin:0 0 4px;font-weight:bold">${title}</p>` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${items.length ? html`<tr><th style="${head}">Cap</th><th style="${head}">Size</th><th style="${head};text-align:right">Qty</th><th style="${head};text-align:right">Price</th></tr>` : ''}${rows}${totals}</table>`,
    text: [
      ...(title ? [title] : []),
      ...items.map((item) => `- ${item.quantity} × ${item.name} (size ${item.size}): ${formatKobo(lineKobo(item))}`),
      ...amounts.map(([label, kobo, options]) => `${label}: ${money(kobo, options?.minus)}`),
    ].join('\n'),
  };
}

/** The amount lines of an order or a checkout: subtotal, discount and shipping when there are any, total. */
export function orderAmounts(amounts: {
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  totalKobo: number;
}): AmountLine[] {
  return [
    ['Subtotal', amounts.subtotalKobo],
    ...(amounts.discountKobo > 0 ? [['Discount', amounts.discountKobo, { minus: true }] as AmountLine] : []),
    ...(amounts.shippingKobo > 0 ? [['Shipping', amounts.shippingKobo] as AmountLine] : []),
    ['Total', amounts.totalKobo, { bold: true }],
  ];
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

/** A day as the marketplace's customers read it (Nigerian time). */
export function formatDay(date: Date): string {
  return dateFormat.format(date);
}

/** "1 cap", "3 caps". */
export function capsCount(quantity: number): string {
  return `${quantity} ${quantity === 1 ? 'cap' : 'caps'}`;
}

/** The last four digits of an account number, as a message may show it. */
export function lastFour(accountNumber: string): string {
  return accountNumber.slice(-4);
}
