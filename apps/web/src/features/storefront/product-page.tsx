import { PlaceholderPage } from '@/routes/placeholder-page';

export function ProductPage() {
  return <PlaceholderPage title="Product Details" />;
}
