import { CONTACT } from '@caps/contracts';
import { CalendarClock, CreditCard, Mail, PackageCheck, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageMeta } from '@/lib/seo';
import { registerPage } from '@/ssr/page-registry';

/** Spec 5 and 9: the returns policy figures, shared with the terms page. */
export const RETURN_WINDOW_DAYS = 7;
export const REFUND_BUSINESS_DAYS = '5-7';

export const RETURNS_MAIL_SUBJECT = 'Returns & Refunds Inquiry';
export const RETURNS_MAIL_HREF = `mailto:${CONTACT.email}?subject=${encodeURIComponent(RETURNS_MAIL_SUBJECT)}`;

const POLICY_POINTS = [
  {
    icon: CalendarClock,
    title: `${RETURN_WINDOW_DAYS}-day return window`,
    text: `Returns must be requested within ${RETURN_WINDOW_DAYS} days of delivery confirmation.`,
  },
  {
    icon: PackageCheck,
    title: 'Original condition',
    text: 'Items must be in their original condition, with tags and packaging.',
  },
  {
    icon: Truck,
    title: 'Return shipping',
    text: 'The buyer pays for return shipping, unless the return is due to a seller error.',
  },
  {
    icon: CreditCard,
    title: 'Refunds',
    text: `Refunds go to the original payment method within ${REFUND_BUSINESS_DAYS} business days.`,
  },
] as const;

const STEPS = [
  {
    title: 'Submit a request',
    text: 'Contact our support team with your order details and the reason for the return.',
  },
  {
    title: 'Review and inspection',
    text: 'We review your request with the vendor and inspect the item once it reaches us.',
  },
  {
    title: 'Approval',
    text: 'When the return is approved, we send you the return instructions.',
  },
  {
    title: 'Refund',
    text: `Your refund is made to the original payment method within ${REFUND_BUSINESS_DAYS} business days.`,
  },
] as const;

const linkClassName = 'rounded-sm font-medium text-primary underline underline-offset-2';

/** /returns: the returns and refunds policy and how to ask for a return. */
export function ReturnsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta
        title="Returns and Refunds Policy"
        description={`Return a cap within ${RETURN_WINDOW_DAYS} days of delivery in its original condition; refunds reach your original payment method within ${REFUND_BUSINESS_DAYS} business days.`}
        path="/returns"
      />
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold sm:text-4xl">Returns and Refunds Policy</h1>
        <p className="mt-3 text-muted-foreground">
          Not happy with a cap? Here is when you can return it, how to ask for a return and when your money comes back.
        </p>
      </header>

      <section aria-labelledby="returns-policy" className="mt-10">
        <h2 id="returns-policy" className="text-2xl font-bold">
          Our policy
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {POLICY_POINTS.map((point) => (
            <li key={point.title}>
              <Card className="h-full">
                <CardContent className="flex gap-4 pt-5 sm:pt-6">
                  <point.icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                  <div>
                    <h3 className="text-lg font-semibold">{point.title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{point.text}</p>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="returns-steps" className="mt-12">
        <h2 id="returns-steps" className="text-2xl font-bold">
          How to return an item
        </h2>
        <ol className="mt-4 flex flex-col gap-4" aria-label="Return steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div className="pt-1">
                <h3 className="text-lg font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 max-w-prose text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="returns-help"
        className="mt-12 rounded-card border border-border bg-secondary/60 p-5 sm:p-6"
      >
        <h2 id="returns-help" className="text-xl font-bold">
          Need help with a return?
        </h2>
        <p className="mt-2 max-w-prose text-secondary-foreground">
          Our support team answers questions about returns and refunds. Include your order number so we can help you
          faster.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
          <Button asChild>
            <a href={RETURNS_MAIL_HREF}>
              <Mail aria-hidden="true" /> Contact Support
            </a>
          </Button>
          <Link to="/terms" className={linkClassName}>
            Read the Terms and Conditions
          </Link>
        </div>
      </section>
    </div>
  );
}

registerPage('returns-page', ReturnsPage);
