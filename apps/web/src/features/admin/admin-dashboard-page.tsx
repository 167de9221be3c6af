import { Navigate } from 'react-router-dom';
import { useStoredUser } from '@/lib/auth';

/** /admin/dashboard: admins only; the Overview, Products, Vendors, Users and Reports tabs come with the admin issue. */
export function AdminDashboardPage() {
  const user = useStoredUser();
  if (user?.role !== 'admin') return <Navigate to="/admin/auth" replace />;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <title>Admin Dashboard | Caps Marketplace</title>
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {user.email}</p>
    </section>
  );
}
