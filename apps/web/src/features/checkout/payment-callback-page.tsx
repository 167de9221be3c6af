import { PlaceholderPage } from '@/routes/placeholder-page';

export function PaymentCallbackPage() {
  return <PlaceholderPage title="Payment Result" />;
}
