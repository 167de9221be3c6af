import type { Services } from '../../context.js';
import { UserSchema } from '../../modules/auth/auth.entities.js';
import { ContactMessageSchema } from '../../modules/contact/contact.entities.js';
import { accountRegistered } from '../../modules/notifications/events/account.js';
import { contactReceived } from '../../modules/notifications/events/contact.js';
import { checkoutPaid, checkoutPlaced, orderProgressed } from '../../modules/notifications/events/orders.js';
import { reportCreated, reviewPosted, shopVerified } from '../../modules/notifications/events/shops.js';
import { EmailMessageSchema, NotificationSchema } from '../../modules/notifications/notifications.entities.js';
import { OrderSchema } from '../../modules/orders/orders.entities.js';
import { ReportSchema } from '../../modules/reports/reports.entities.js';
import { ReviewSchema } from '../../modules/reviews/reviews.entities.js';
import { VendorSchema } from '../../modules/vendors/vendors.entities.js';
import { DEMO_ACCOUNTS } from '../accounts.js';
import type { SeedRun } from '../run.js';

/**
 * The messages the demo accounts would have received for their latest seeded events, written through the
 * same event functions as the live app (so the bells are not empty and the admin's Sent Email tab shows
 * real rendered emails on the first start, kept rather than sent without SMTP_URL). Only the newest of
 * each kind: the history itself stays in the orders, reviews and reports.
 */
export async function seedMessages(run: SeedRun, services: Services): Promise<void> {
  const { em } = run;
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const users = await em.find(UserSchema, { email: { $in: emails } });
  const byEmail = (email: string) => users.find((user) => user.email === email);

  for (const user of users) {
    const shop = user.role === 'vendor' ? await em.findOne(VendorSchema, { user: user.id }) : null;
    if (user.role === 'customer' || (shop && !shop.verifiedAt)) await accountRegistered(em, services, user, shop);
    if (shop?.verifiedAt) await shopVerified(em, services, shop.id);
  }

  const customer = byEmail('customer@capsmarket.ng');
  const vendor = byEmail('vendor@capsmarket.ng');
  const shop = vendor ? await em.findOne(VendorSchema, { user: vendor.id }) : null;
  if (customer) {
    const paid = await em.findOne(
      OrderSchema,
      { user: customer.id, paymentStatus: 'paid' },
      { orderBy: { createdAt: 'desc' } },
    );
    if (paid) {
      await checkoutPlaced(em, services, paid.checkout.id);
      await checkoutPaid(em, services, paid.checkout.id);
    }
    const shipped = await em.findOne(
      OrderSchema,
      { user: customer.id, status: { $in: ['shipped', 'delivered'] } },
      { orderBy: { updatedAt: 'desc' } },
    );
    if (shipped) await orderProgressed(em, services, shipped.id, 'shipped', null);
  }
  if (shop) {
    const review = await em.findOne(ReviewSchema, { vendor: shop.id }, { orderBy: { createdAt: 'desc' } });
    if (review) await reviewPosted(em, services, review.id);
  }
  const report = await em.findOne(ReportSchema, { status: 'pending' }, { orderBy: { createdAt: 'desc' } });
  if (report) await reportCreated(em, services, report.id);
  const contact = await em.findOne(ContactMessageSchema, { handledAt: null }, { orderBy: { createdAt: 'desc' } });
  if (contact) await contactReceived(em, services, contact.id);
  run.count('notifications', await em.count(NotificationSchema));
  run.count('emails', await em.count(EmailMessageSchema));
}
