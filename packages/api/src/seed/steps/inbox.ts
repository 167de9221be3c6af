import type { User } from '../../modules/auth/auth.entities.js';
import { ContactMessageSchema } from '../../modules/contact/contact.entities.js';
import { ReportSchema } from '../../modules/reports/reports.entities.js';
import type { Vendor } from '../../modules/vendors/vendors.entities.js';
import { CONTACT_MESSAGES } from '../demo-data/contact-messages.js';
import { REPORTS } from '../demo-data/reports.js';
import { DAY, HOUR } from '../random.js';
import type { SeedRun } from '../run.js';
import type { SeededCustomer } from './people.js';

/** What the admin's inbox holds: reports of shops in every status and contact messages, some handled. */
export function seedInbox(
  run: SeedRun,
  admin: User,
  customers: readonly SeededCustomer[],
  vendors: readonly Vendor[],
): void {
  const { em, rand, at, count } = run;
  for (const report of REPORTS) {
    const createdAt = at(rand.between(2, 60) * DAY);
    em.create(ReportSchema, {
      reporter: customers[report.reporter]!.user,
      vendor: vendors[report.shop]!,
      reason: report.reason,
      description: report.text,
      status: report.status,
      createdAt,
      updatedAt: report.status === 'pending' ? createdAt : new Date(createdAt.getTime() + DAY),
    });
    count('reports');
  }
  for (const message of CONTACT_MESSAGES) {
    const createdAt = at(rand.between(1, 30) * DAY);
    em.create(ContactMessageSchema, {
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      handledAt: message.handled ? new Date(createdAt.getTime() + 5 * HOUR) : null,
      handledBy: message.handled ? admin : null,
      createdAt,
    });
    count('contactMessages');
  }
}
