import { PlaceholderPage } from '@/routes/placeholder-page';

export function HomePage() {
  return <PlaceholderPage title="Traditional Nigerian Caps" />;
}
