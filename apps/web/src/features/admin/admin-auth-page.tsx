import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LoginForm } from '@/components/auth/login-form';
import { SignInNotice } from '@/components/sign-in-notice';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { NoScriptNotice } from '@/lib/seo';

/** /admin/auth: a real admin sign-in; the server refuses accounts that are not admins. */
export function AdminAuthPage() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>Admin Login | Caps Marketplace</title>
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldCheck className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Admin Login</h1>
          <CardDescription>Sign in to manage the marketplace.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInNotice />
          <NoScriptNotice className="mb-4 text-center">Turn on JavaScript to sign in.</NoScriptNotice>
          <LoginForm accountRole="admin" />
          <p className="mt-6 text-center text-sm">
            <Link to="/" className="text-primary underline-offset-4 hover:underline">
              Back to the store
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
