import { Navigate } from 'react-router-dom';
import { useStoredUser } from '@/lib/auth';

/** /settings: the tabs (Profile, Orders, Addresses, Security) arrive with the account issue. */
export function SettingsPage() {
  const user = useStoredUser();
  if (!user) return <Navigate to="/auth" replace />;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <title>Account Settings | Caps Marketplace</title>
      <h1 className="text-3xl font-bold">Account Settings</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {user.email}</p>
    </section>
  );
}
