import { PlaceholderPage } from '@/routes/placeholder-page';

export function BrowseCapsPage() {
  return <PlaceholderPage title="Browse All Caps" />;
}
