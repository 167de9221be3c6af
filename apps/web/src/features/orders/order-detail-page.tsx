import { PlaceholderPage } from '@/routes/placeholder-page';

export function OrderDetailPage() {
  return <PlaceholderPage title="Order Details" />;
}
