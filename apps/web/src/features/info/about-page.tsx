import { CONTACT } from '@caps/contracts';
import { Activity, ClipboardCheck, IdCard, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageMeta } from '@/lib/seo';
import { registerPage } from '@/ssr/page-registry';

/** Spec 1: the marketing claims. */
const STATS = [
  { value: '500+', label: 'Caps' },
  { value: '50+', label: 'Verified Vendors' },
  { value: '4.9', label: 'Average Rating' },
  { value: '24/7', label: 'Support' },
] as const;

/** Spec 2: the four parts of vendor verification. */
const VERIFICATION_STEPS = [
  {
    icon: IdCard,
    title: 'Identity Verification',
    text: 'Every vendor registers with their real name, phone number, shop address and bank details, and we confirm who they are before their shop opens.',
  },
  {
    icon: ClipboardCheck,
    title: 'Quality Check',
    text: 'We look at the caps a vendor makes or sells, their materials and finishing, so that what you see online is what arrives at your door.',
  },
  {
    icon: Star,
    title: 'Customer Reviews',
    text: 'Buyers rate and review the caps and shops they bought from, and those reviews are shown to everyone who visits the shop.',
  },
  {
    icon: Activity,
    title: 'Ongoing Monitoring',
    text: 'Verification is not a one-off: we keep an eye on orders, ratings and reports, and act when a shop stops meeting our standards.',
  },
] as const;

/** /about: the marketplace's mission and how its vendors are verified. */
export function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta
        title="About Us"
        description={`Caps Marketplace brings traditional Nigerian caps from verified vendors to buyers across Nigeria. Based in ${CONTACT.city}: our mission and how we verify every shop.`}
        path="/about"
      />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">About Us</h1>
        <p className="mt-3 font-display text-xl text-primary sm:text-2xl">
          Traditional Nigerian caps, from vendors you can trust.
        </p>
        <p className="mt-4 text-lg text-muted-foreground">
          We are a marketplace for traditional Nigerian caps, based in {CONTACT.city}. We bring together the
          craftspeople and sellers who keep these caps alive and the customers who wear them with pride.
        </p>
      </header>

      <section aria-labelledby="about-mission" className="mt-12 grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="max-w-prose">
          <h2 id="about-mission" className="text-2xl font-bold">
            Our mission
          </h2>
          <div className="mt-3 flex flex-col gap-3 leading-relaxed text-foreground/90">
            <p>
              A well-made cap says where you come from. Our mission is to make it easy to buy authentic Hausa, Yoruba,
              Igbo and modern caps online, and to give the vendors who make and sell them a fair place to reach buyers
              across Nigeria.
            </p>
            <p>
              Every shop on the marketplace is checked before it can sell, and every order is paid securely and followed
              from the vendor to your door.
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {STATS.map((stat) => (
            <Card key={stat.label} className="flex flex-col-reverse items-center justify-center p-5 text-center">
              <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="font-display text-3xl font-bold text-primary sm:text-4xl">{stat.value}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="about-verification" className="mt-14">
        <div className="max-w-prose">
          <h2 id="about-verification" className="text-2xl font-bold">
            How we verify vendors
          </h2>
          <p className="mt-3 text-muted-foreground">
            Four checks stand between a new shop and your cart, and they keep going after the shop opens.
          </p>
        </div>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {VERIFICATION_STEPS.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardContent className="flex gap-4 pt-5 sm:pt-6">
                  <step.icon className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
                  <div>
                    <h3 className="text-lg font-semibold">
                      <span className="sr-only">Step {index + 1}: </span>
                      {step.title}
                    </h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="about-start"
        className="mt-14 rounded-card border border-border bg-secondary/60 p-6 text-center sm:p-10"
      >
        <h2 id="about-start" className="text-2xl font-bold">
          Find your next cap
        </h2>
        <p className="mx-auto mt-2 max-w-prose text-secondary-foreground">
          Shop caps from verified vendors, or open your own shop and sell to customers across Nigeria.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/browse-caps">Browse Caps</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/vendor/auth">Become a Vendor</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

registerPage('about-page', AboutPage);
