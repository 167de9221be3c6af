/**
 * The frame every email shares, and the one way to put text into its HTML: the `html` tag escapes every
 * value it is given unless the value is already `SafeHtml` (made by this tag). Templates are plain
 * functions (docs/notifications.md says why): (data) => { subject, html, text }.
 */

/** HTML that is safe to insert as is: only the `html` tag and `raw` (for constant markup) make it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** html`<p>${name}</p>`: every value escaped (lists joined), SafeHtml inserted as is. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Constant markup written in a template (never data). */
export const raw = (markup: string) => new SafeHtml(markup);

/** One line of a header: control characters (CR, LF, tabs) become spaces, so no value can add a header. */
export function headerSafe(value: string, max = 300): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** The marketplace as emails show it: name and colours of the web app (apps/web/src/index.css). */
export const BRAND = {
  name: 'Caps Marketplace',
  primary: '#a63d1a',
  accent: '#0f6b3f',
  background: '#fdf8f1',
  foreground: '#2b1d12',
  muted: '#6b5644',
  border: '#e6d5bf',
} as const;

/** An absolute link to a path of the web app, from PUBLIC_URL (never from a request). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The page where a signed-in user turns kinds of messages on and off. */
export const PREFERENCES_PATH = '/notifications?tab=preferences';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface LayoutInput {
  publicUrl: string;
  subject: string;
  /** The greeting line's name ("Hi Amina,"), or none. */
  greetingName?: string | null | undefined;
  /** The message body: HTML made with `html`, and the same in plain text. */
  bodyHtml: SafeHtml;
  bodyText: string;
  /** A button (and a plain-text link) to the web app. */
  action?: { label: string; path: string } | undefined;
  /** Non-essential kinds carry a link to the preferences page. */
  preferencesLink?: boolean | undefined;
}

/** A button to a page of the web app, for use inside a body. */
export function button(publicUrl: string, label: string, path: string): SafeHtml {
  const href = absoluteUrl(publicUrl, path);
  return html`<p style="margin:24px 0"><a href="${href}" style="background:${BRAND.primary};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${label}</a></p>`;
}

/** Frames a message: the brand header, the greeting, the body, an action, the footer. */
export function emailLayout(input: LayoutInput): EmailContent {
  const subject = headerSafe(input.subject);
  const greeting = input.greetingName ? `Hi ${input.greetingName},` : 'Hello,';
  const actionUrl = input.action ? absoluteUrl(input.publicUrl, input.action.path) : null;
  const preferencesUrl = input.preferencesLink ? absoluteUrl(input.publicUrl, PREFERENCES_PATH) : null;
  const home = absoluteUrl(input.publicUrl, '/');
  const body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:${BRAND.background};color:${BRAND.foreground};font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${BRAND.border};border-radius:12px">
<tr><td style="background:${BRAND.primary};border-radius:12px 12px 0 0;padding:16px 24px"><a href="${home}" style="color:#ffffff;text-decoration:none;font-family:Georgia,serif;font-size:20px;font-weight:bold">${BRAND.name}</a></td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${greeting}</p>
${input.bodyHtml}
${input.action ? button(input.publicUrl, input.action.label, input.action.path) : ''}
</td></tr>
<tr><td style="border-top:4px solid ${BRAND.accent};padding:16px 24px;color:${BRAND.muted};font-size:12px">
<p style="margin:0">${BRAND.name}, Maiduguri, Nigeria.</p>
${preferencesUrl ? html`<p style="margin:8px 0 0">You receive this because of your notification settings. <a href="${preferencesUrl}" style="color:${BRAND.primary}">Choose which emails you get</a>.</p>` : ''}
</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = [
    greeting,
    '',
    input.bodyText.trim(),
    ...(input.action && actionUrl ? ['', `${input.action.label}: ${actionUrl}`] : []),
    '',
    '--',
    `${BRAND.name}, Maiduguri, Nigeria. ${home}`,
    ...(preferencesUrl ? [`Choose which emails you get: ${preferencesUrl}`] : []),
  ].join('\n');
  return { subject, html: body.value, text };
}
