import { type ReactNode, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type AuthTab = 'login' | 'register';

interface AuthTabsProps {
  login: (isActive: boolean) => ReactNode;
  register: (isActive: boolean) => ReactNode;
}

/**
 * Login and Register tabs. Both panels stay mounted so a slip onto the other tab keeps what was typed;
 * each form clears its errors when it stops being the active one.
 */
export function AuthTabs({ login, register }: AuthTabsProps) {
  const [tab, setTab] = useState<AuthTab>('login');
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'register' ? 'register' : 'login')}>
      <TabsList>
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login" forceMount>
        {login(tab === 'login')}
      </TabsContent>
      <TabsContent value="register" forceMount>
        {register(tab === 'register')}
      </TabsContent>
    </Tabs>
  );
}
