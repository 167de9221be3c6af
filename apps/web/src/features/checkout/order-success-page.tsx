import { PlaceholderPage } from '@/routes/placeholder-page';

export function OrderSuccessPage() {
  return <PlaceholderPage title="Order Placed" />;
}
