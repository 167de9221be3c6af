import { PlaceholderPage } from '@/routes/placeholder-page';

export function ContactPage() {
  return <PlaceholderPage title="Contact Us" />;
}
