import { PlaceholderPage } from '@/routes/placeholder-page';

export function OrdersPage() {
  return <PlaceholderPage title="My Orders" />;
}
