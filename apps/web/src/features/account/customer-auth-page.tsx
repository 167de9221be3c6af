import { AuthTabs } from '@/components/auth/auth-tabs';
import { LoginForm } from '@/components/auth/login-form';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { NoScriptNotice } from '@/lib/seo';
import { CustomerRegisterForm } from './customer-register-form';

/** /auth: customer login and registration. */
export function CustomerAuthPage() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <title>Login or Register | Caps Marketplace</title>
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold">Welcome to Caps Marketplace</h1>
          <CardDescription>Sign in or create an account to shop traditional caps.</CardDescription>
        </CardHeader>
        <CardContent>
          <NoScriptNotice className="mb-4 text-center">
            Turn on JavaScript to sign in or create an account.
          </NoScriptNotice>
          <AuthTabs
            login={(isActive) => <LoginForm accountRole="customer" isActive={isActive} />}
            register={(isActive) => <CustomerRegisterForm isActive={isActive} />}
          />
        </CardContent>
      </Card>
    </div>
  );
}
