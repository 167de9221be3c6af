import { PlaceholderPage } from '@/routes/placeholder-page';

export function ReturnsPage() {
  return <PlaceholderPage title="Returns and Refunds Policy" />;
}
