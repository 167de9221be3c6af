import { PlaceholderPage } from '@/routes/placeholder-page';

export function TermsPage() {
  return <PlaceholderPage title="Terms and Conditions" />;
}
