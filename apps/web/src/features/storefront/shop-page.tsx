import { PlaceholderPage } from '@/routes/placeholder-page';

export function ShopPage() {
  return <PlaceholderPage title="Shop" />;
}
