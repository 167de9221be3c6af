import { describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import { UserSchema } from '../src/modules/auth/auth.entities.js';
import { EmailMessageSchema, NotificationSchema } from '../src/modules/notifications/notifications.entities.js';
import { deliverOutbox } from '../src/modules/notifications/outbox.js';
import {
  formatWhen,
  passwordChangedMessage,
  passwordResetMessage,
  shopAwaitingVerificationMessage,
  shopPendingMessage,
  welcomeMessage,
} from '../src/modules/notifications/templates/account.js';
import { PREFERENCES_PATH } from '../src/modules/notifications/templates/layout.js';
import { makeUser } from './fixtures.js';
import { customerInput, sessionTokenFor, vendorInput } from './harness.js';
import { PUBLIC_URL, withSmtpEnv } from './smtp-env.js';

const t = withSmtpEnv();

const em = () => t.env.services.orm.em.fork() as Em;

describe('messages on registration', () => {
  it('welcomes a customer by email only, through SMTP, with absolute links', async () => {
    const input = customerInput({ full_name: 'Fatima Ali' });
    const { user } = await t.env.caller().auth.register(input);
    const emails = await em().find(EmailMessageSchema, { user: user.id });
    expect(emails.map((e) => e.kind)).toEqual(['welcome']);
    expect(emails[0]).toMatchObject({ toAddress: input.email, status: 'pending' });
    expect(await em().count(NotificationSchema, { user: user.id })).toBe(0);

    await deliverOutbox(t.env.services);
    await t.smtp.waitFor(() => t.smtp.to(input.email).length > 0);
    const [received] = t.smtp.to(input.email);
    expect(received?.subject).toBe('Welcome to Caps Marketplace');
    expect(received?.text).toContain('Hi Fatima Ali,');
    expect(received?.text).toContain(`Browse caps: ${PUBLIC_URL}/browse-caps`);
    expect(received?.html).toContain(`href="${PUBLIC_URL}/browse-caps"`);
    // Essential: no preferences link.
    expect(received?.text).not.toContain(PREFERENCES_PATH);
  });

  it('tells a new vendor the shop is pending, and every active admin (only) that a shop waits', async () => {
    const admins = [
      await makeUser(em(), { role: 'admin', fullName: 'Admin One' }),
      await makeUser(em(), { role: 'admin', fullName: 'Admin Two' }),
    ];
    const suspendedAdmin = await makeUser(em(), { role: 'admin', status: 'suspended' });
    const input = vendorInput({ shop_name: '<b>Kanem</b> & Sons', full_name: 'Musa Ibrahim' });
    const { user } = await t.env.caller().auth.register(input);

    const vendorEmails = await em().find(EmailMessageSchema, { user: user.id });
    expect(vendorEmails.map((e) => e.kind)).toEqual(['shop_pending']);
    expect(vendorEmails[0]?.subject).toBe('Your shop <b>Kanem</b> & Sons is registered');
    expect(vendorEmails[0]?.html).toContain('&lt;b&gt;Kanem&lt;/b&gt; &amp; Sons');
    expect(vendorEmails[0]?.html).not.toContain('<b>Kanem');
    expect(vendorEmails[0]?.text).toContain('<b>Kanem</b> & Sons');
    const [bell] = await em().find(NotificationSchema, { user: user.id });
    expect(bell).toMatchObject({
      kind: 'shop_pending',
      title: 'Your shop is awaiting verification',
      link: '/vendor/dashboard',
    });
    // A vendor gets no customer welcome.
    expect(await em().count(EmailMessageSchema, { user: user.id, kind: 'welcome' })).toBe(0);

    const toAdmins = await em().find(
      EmailMessageSchema,
      { kind: 'shop_awaiting_verification', subject: { $like: '%Kanem%' } },
      { orderBy: { id: 'asc' } },
    );
    expect(toAdmins.map((e) => e.toAddress)).toEqual(admins.map((a) => a.email));
    expect(toAdmins[0]?.text).toContain(`Owner: Musa Ibrahim`);
    expect(toAdmins[0]?.text).toContain(`Email: ${input.email}`);
    expect(toAdmins[0]?.text).toContain(`${PUBLIC_URL}/admin/dashboard?tab=vendors`);
    // Not essential: it carries the preferences link.
    expect(toAdmins[0]?.text).toContain(`${PUBLIC_URL}${PREFERENCES_PATH}`);
    const adminBells = await em().find(NotificationSchema, {
      kind: 'shop_awaiting_verification',
      user: { $in: admins.map((a) => a.id) },
    });
    expect(adminBells).toHaveLength(2);
    expect(adminBells[0]).toMatchObject({ link: '/admin/dashboard?tab=vendors' });
    expect(await em().count(EmailMessageSchema, { user: suspendedAdmin.id })).toBe(0);
  });

  it('keeps a CR/LF in a shop name out of the headers of the email sent', async () => {
    const admin = await makeUser(em(), { role: 'admin' });
    const input = vendorInput({ shop_name: 'Kanem\r\nBcc: evil@example.com' });
    await t.env.caller().auth.register(input);
    await deliverOutbox(t.env.services);
    await t.smtp.waitFor(() => t.smtp.to(admin.email).some((m) => m.subject.includes('Kanem')));
    const received = t.smtp.to(admin.email).find((m) => m.subject.includes('Kanem'));
    expect(received?.subject).toBe('New shop awaiting verification: Kanem Bcc: evil@example.com');
    expect(received?.envelopeTo).toEqual([admin.email]);
    expect(received?.rawHeaders).not.toMatch(/^bcc:/im);
    expect(t.smtp.messages.some((m) => m.envelopeTo.includes('evil@example.com'))).toBe(false);
  });

  it('an admin who turned the kind off gets neither email nor bell; a refused registration writes nothing', async () => {
    const admin = await makeUser(em(), { role: 'admin' });
    const token = await sessionTokenFor(t.env.services, admin.id);
    await t.env.caller(token).notifications.updatePreferences({
      preferences: [{ kind: 'shop_awaiting_verification', email: false, in_app: false }],
    });
    const input = vendorInput({ shop_name: 'Quiet Caps' });
    await t.env.caller().auth.register(input);
    expect(await em().count(EmailMessageSchema, { user: admin.id })).toBe(0);
    expect(await em().count(NotificationSchema, { user: admin.id })).toBe(0);

    const before = await em().count(EmailMessageSchema, {});
    // The same email again: refused, and no message goes out for it.
    await expect(t.env.caller().auth.register({ ...vendorInput(), email: input.email })).rejects.toThrow();
    expect(await em().count(EmailMessageSchema, {})).toBe(before);
    expect(await em().count(UserSchema, { email: input.email })).toBe(1);
  });
});

describe('account templates', () => {
  const at = new Date('2025-03-04T13:05:00Z');

  it('have an HTML and a plain-text part and escape every value in the HTML', () => {
    const evil = '<script>alert(1)</script>';
    const rendered = [
      welcomeMessage({ publicUrl: PUBLIC_URL, name: evil }),
      shopPendingMessage({ publicUrl: PUBLIC_URL, name: evil, shopName: evil }).email,
      shopAwaitingVerificationMessage({
        publicUrl: PUBLIC_URL,
        name: null,
        shopName: evil,
        ownerName: evil,
        ownerEmail: 'a@b.ng',
        address: evil,
      }).email,
      passwordResetMessage({ publicUrl: PUBLIC_URL, name: evil, token: 'tok' }),
      passwordChangedMessage({
        publicUrl: PUBLIC_URL,
        name: evil,
        email: 'a@b.ng',
        role: 'customer',
        at,
        how: 'settings',
      }).email,
    ];
    for (const email of rendered) {
      expect(email.html).toMatch(/^<!doctype html>/);
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(email.text).toContain(evil);
      expect(email.text).not.toContain('<p');
      expect(email.subject).not.toMatch(/[\r\n]/);
    }
  });

  it('build the reset link from PUBLIC_URL without a trailing slash twice', () => {
    const email = passwordResetMessage({ publicUrl: `${PUBLIC_URL}/`, name: 'Aisha', token: 'abc_DEF-123' });
    expect(email.text).toContain(`Reset password: ${PUBLIC_URL}/reset-password?token=abc_DEF-123`);
    expect(email.html).toContain(`href="${PUBLIC_URL}/reset-password?token=abc_DEF-123"`);
  });

  it('say when the password changed in West Africa Time, and link each role to its security page', () => {
    expect(formatWhen(at)).toMatch(/^4 Mar 2025, (14:05|2:05\s?PM) WAT$/i);
    const byRole = (role: 'customer' | 'vendor' | 'admin') =>
      passwordChangedMessage({ publicUrl: PUBLIC_URL, name: 'A', email: 'a@b.ng', role, at, how: 'reset' });
    expect(byRole('customer').inApp.link).toBe('/settings?tab=security');
    expect(byRole('vendor').inApp.link).toBe('/vendor/dashboard?tab=account');
    expect(byRole('admin').inApp.link).toBeNull();
    expect(byRole('customer').email.text).toContain(formatWhen(at));
    expect(byRole('customer').email.text).toContain('Every device was signed out');
  });
});
