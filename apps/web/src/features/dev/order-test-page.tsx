import { PlaceholderPage } from '@/routes/placeholder-page';

export function OrderTestPage() {
  return <PlaceholderPage title="Order Test" />;
}
