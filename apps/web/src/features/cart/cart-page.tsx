import { PlaceholderPage } from '@/routes/placeholder-page';

export function CartPage() {
  return <PlaceholderPage title="Shopping Cart" />;
}
