import { AuthTabs } from '@/components/auth/auth-tabs';
import { LoginForm } from '@/components/auth/login-form';
import { SignInNotice } from '@/components/sign-in-notice';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { NoScriptNotice } from '@/lib/seo';
import { VendorRegisterForm } from './vendor-register-form';

/** /vendor/auth ("Sell Caps"): vendor login and shop registration. */
export function VendorAuthPage() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <title>Sell Caps | Caps Marketplace</title>
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold">Sell Caps</h1>
          <CardDescription>Sign in to your shop, or open one and sell to customers across Nigeria.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInNotice />
          <NoScriptNotice className="mb-4 text-center">Turn on JavaScript to sign in or open a shop.</NoScriptNotice>
          <AuthTabs
            login={(isActive) => (
              <div className="mx-auto max-w-md">
                <LoginForm accountRole="vendor" isActive={isActive} />
              </div>
            )}
            register={(isActive) => <VendorRegisterForm isActive={isActive} />}
          />
        </CardContent>
      </Card>
    </div>
  );
}
