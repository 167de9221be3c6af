import { PlaceholderPage } from '@/routes/placeholder-page';

export function ProductTestPage() {
  return <PlaceholderPage title="Product Test" />;
}
