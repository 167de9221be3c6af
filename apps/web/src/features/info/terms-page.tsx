import { CONTACT } from '@caps/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '@/lib/seo';
import { registerPage } from '@/ssr/page-registry';
import { REFUND_BUSINESS_DAYS, RETURN_WINDOW_DAYS } from './returns-page';

/** Spec 9: delivery and hand-over times stated in the terms. */
const DELIVERY_BUSINESS_DAYS = '3-14';
const VENDOR_HANDOVER_HOURS = 48;

const linkClassName = 'rounded-sm font-medium text-primary underline underline-offset-2';

interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

const SECTIONS: TermsSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By visiting Caps Marketplace, creating an account or placing an order, you agree to these Terms and Conditions.
        If you do not agree with them, please do not use the marketplace.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'User Accounts',
    body: (
      <>
        <p>
          You need an account to add caps to your cart, check out, write reviews and follow your orders. The details you
          give us must be true and kept up to date.
        </p>
        <p>
          You are responsible for keeping your password secret and for everything done through your account. Tell us at
          once if you think someone else has used it.
        </p>
      </>
    ),
  },
  {
    id: 'vendors',
    title: 'Vendors and Verification',
    body: (
      <>
        <p>
          Vendors register with their shop details, bank details and images, and may only sell once we have verified
          them. Verification covers the vendor&apos;s identity and the quality of their caps, and we keep watching
          customer reviews and shop activity after that.
        </p>
        <p>
          We may suspend or remove a vendor who breaks these terms, sells goods that do not match their listings or
          keeps receiving justified complaints.
        </p>
      </>
    ),
  },
  {
    id: 'listings',
    title: 'Product Listings and Prices',
    body: (
      <>
        <p>
          Vendors describe their caps, sizes, stock and pictures, and are responsible for making those descriptions
          accurate. Colours can look slightly different on screen than in hand.
        </p>
        <p>
          All prices are shown in Nigerian naira (₦). A price may change at any time before you place an order; the
          price shown when you place the order is the one you pay.
        </p>
      </>
    ),
  },
  {
    id: 'orders',
    title: 'Orders',
    body: (
      <p>
        Placing an order is an offer to buy the caps in it. An order is confirmed once payment succeeds and the vendor
        accepts it. We or the vendor may cancel an order, for example when a cap is out of stock or a price was shown in
        error; any payment taken for a cancelled order is refunded in full.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Payments are made by card through Paystack, our payment provider. Your card details are handled by Paystack and
        are never stored by Caps Marketplace. An order is only processed after the payment has been confirmed.
      </p>
    ),
  },
  {
    id: 'shipping',
    title: 'Shipping and Delivery',
    body: (
      <>
        <p>
          Vendors must deliver each order to the platform within {VENDOR_HANDOVER_HOURS} hours of order confirmation, so
          we can check it before it is sent on to you.
        </p>
        <p>
          Delivery within Nigeria takes {DELIVERY_BUSINESS_DAYS} business days, depending on where you are. Delivery
          times are estimates and may be longer during holidays or for reasons outside our control.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    title: 'Returns and Refunds',
    body: (
      <>
        <p>
          You may request a return within {RETURN_WINDOW_DAYS} days of delivery confirmation. Items must be returned in
          their original condition, with tags and packaging.
        </p>
        <p>
          Approved refunds are made to the original payment method within {REFUND_BUSINESS_DAYS} business days. The full
          process is described in our{' '}
          <Link to="/returns" className={linkClassName}>
            Returns and Refunds Policy
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews and Reports',
    body: (
      <>
        <p>
          Reviews must be honest, about your own experience, and free of insults, personal data and advertising. We may
          remove reviews that break these rules.
        </p>
        <p>
          If a shop sells fake products, misleads buyers or behaves badly, you can report it. We look into every report
          and may act against the vendor.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'Prohibited Conduct',
    body: (
      <>
        <p>When using the marketplace you must not:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>sell or list counterfeit, stolen or illegal goods;</li>
          <li>give false information or pretend to be someone else;</li>
          <li>interfere with the site, its security or other people&apos;s accounts;</li>
          <li>arrange payments outside the marketplace to avoid its protections.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        Caps Marketplace connects buyers with independent vendors. As far as the law allows, we are not liable for
        indirect losses, or for losses caused by a vendor&apos;s goods or conduct beyond the amount you paid for the
        order concerned. Nothing in these terms limits rights you have under Nigerian consumer protection law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and Contact',
    body: (
      <p>
        We may update these terms from time to time; the version on this page applies to every order placed after it was
        published. Questions about these terms can be sent to{' '}
        <a href={`mailto:${CONTACT.email}`} className={`${linkClassName} break-all`}>
          {CONTACT.email}
        </a>{' '}
        or through our{' '}
        <Link to="/contact" className={linkClassName}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

/** /terms: the Terms and Conditions in 12 numbered sections, with a table of contents. */
export function TermsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta
        title="Terms and Conditions"
        description="The rules for buying and selling traditional Nigerian caps on Caps Marketplace: accounts, orders, payments, delivery, returns, reviews and vendors."
        path="/terms"
      />
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold sm:text-4xl">Terms and Conditions</h1>
        <p className="mt-3 text-muted-foreground">
          The rules for buying and selling on Caps Marketplace. Please read them before you place an order or open a
          shop.
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-labelledby="terms-contents" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-card border border-border bg-card p-5">
            <h2 id="terms-contents" className="text-lg font-semibold">
              Contents
            </h2>
            <ol className="mt-3 flex flex-col gap-1.5 text-sm">
              {SECTIONS.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-sm text-secondary-foreground underline-offset-4 hover:text-primary hover:underline"
                  >
                    <span className="w-5 shrink-0 text-right text-muted-foreground">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="flex max-w-prose flex-col gap-10">
          {SECTIONS.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-bold sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 flex flex-col gap-3 leading-relaxed text-foreground/90">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

registerPage('terms-page', TermsPage);
