import { PlaceholderPage } from '@/routes/placeholder-page';

export function AboutPage() {
  return <PlaceholderPage title="About Us" />;
}
