import { PlaceholderPage } from '@/routes/placeholder-page';

export function CheckoutPage() {
  return <PlaceholderPage title="Checkout" />;
}
