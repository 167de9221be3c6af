import { CONTACT } from '@caps/contracts';
import { Clock, HelpCircle, Mail, MapPin, Phone, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageMeta } from '@/lib/seo';
import { registerPage } from '@/ssr/page-registry';
import { ContactForm } from './contact-form';

/** Spec 2: Mon-Fri 9-6, Sat 10-4, Sun closed (Maiduguri time). */
const BUSINESS_HOURS = [
  { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
  { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/**
 * The spec names social links without their addresses; until the shop's own profiles are known these
 * lead to the networks themselves.
 */
const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'X (Twitter)', href: 'https://x.com/' },
] as const;

const QUICK_HELP = [
  { to: '/returns', label: 'Returns and refunds policy' },
  { to: '/terms', label: 'Terms and conditions' },
  { to: '/browse-caps', label: 'Browse all caps' },
  { to: '/vendor/auth', label: 'Become a vendor' },
] as const;

const linkClassName = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <span className="text-primary" aria-hidden="true">
            {icon}
          </span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm">{children}</CardContent>
    </Card>
  );
}

/** /contact: the contact form, how to reach the shop, its hours and quick links. */
export function ContactPage() {
  const phoneHref = `tel:${CONTACT.phone.replace(/[^+\d]/g, '')}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta
        title="Contact Us"
        description={`Questions about an order, a cap or selling on Caps Marketplace? Send us a message, email ${CONTACT.email} or call ${CONTACT.phone}.`}
        path="/contact"
      />
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold sm:text-4xl">Contact Us</h1>
        <p className="mt-3 text-muted-foreground">
          Questions about an order, a cap or selling with us? Send us a message and our team in {CONTACT.city} will
          reply by email.
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          <InfoCard icon={<Mail className="size-5" />} title="Contact Information">
            <ul className="flex flex-col gap-3">
              <li className="flex items-start gap-3">
                <Phone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  <span className="block text-muted-foreground">Phone</span>
                  <a href={phoneHref} className={linkClassName}>
                    {CONTACT.phone}
                  </a>
                </span>
              </li>
              <li className="flex items-start gap-3">
                <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block text-muted-foreground">Email</span>
                  <a href={`mailto:${CONTACT.email}`} className={`${linkClassName} break-all`}>
                    {CONTACT.email}
                  </a>
                </span>
              </li>
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  <span className="block text-muted-foreground">Address</span>
                  <address className="not-italic">
                    {CONTACT.city}, Borno State, {CONTACT.country}
                  </address>
                </span>
              </li>
            </ul>
          </InfoCard>

          <InfoCard icon={<Clock className="size-5" />} title="Business Hours">
            <dl className="flex flex-col gap-2">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days} className="flex flex-wrap justify-between gap-x-4">
                  <dt>{row.days}</dt>
                  <dd className={row.hours === 'Closed' ? 'text-muted-foreground' : 'font-medium'}>{row.hours}</dd>
                </div>
              ))}
            </dl>
          </InfoCard>

          <InfoCard icon={<Share2 className="size-5" />} title="Follow Us">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Caps Marketplace on ${social.name} (opens in a new tab)`}
                    className={linkClassName}
                  >
                    {social.name}
                  </a>
                </li>
              ))}
            </ul>
          </InfoCard>

          <InfoCard icon={<HelpCircle className="size-5" />} title="Quick Help">
            <ul className="flex flex-col gap-2">
              {QUICK_HELP.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClassName}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </InfoCard>
        </div>
      </div>
    </div>
  );
}

registerPage('contact-page', ContactPage);
