import { PlaceholderPage } from '@/routes/placeholder-page';

export function ShopsPage() {
  return <PlaceholderPage title="Browse Shops" />;
}
