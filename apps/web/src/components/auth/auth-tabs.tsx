import { type ReactNode, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type AuthTab = 'login' | 'register';

interface AuthTabsProps {
  login: (isActive: boolean) => ReactNode;
  register: (isActive: boolean) => ReactNode;
}

/**
 * Login and Register tabs. Only the active panel is mounted: with both in the DOM every label (Email,
 * Password…) existed twice, which confuses assistive technology and anything finding fields by label.
 */
export function AuthTabs({ login, register }: AuthTabsProps) {
  const [tab, setTab] = useState<AuthTab>('login');
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'register' ? 'register' : 'login')}>
      <TabsList>
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login">{login(tab === 'login')}</TabsContent>
      <TabsContent value="register">{register(tab === 'register')}</TabsContent>
    </Tabs>
  );
}
