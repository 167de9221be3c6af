import { Heart, MapPin, Package, ShieldCheck, User } from 'lucide-react';
import { ProfileTab } from '@/components/account/profile-tab';
import { SecurityTab } from '@/components/account/security-tab';
import { IconTabsList, Tabs, TabsContent } from '@/components/ui/tabs';
import { useSignedInUser } from '@/lib/auth';
import { useTabParam } from '@/lib/tab-param';
import { AddressesTab } from './addresses-tab';
import { OrdersTab } from './orders-tab';
import { WishlistTab } from './wishlist-tab';

const TABS = [
  { value: 'profile', label: 'Profile', icon: User },
  { value: 'orders', label: 'Orders', icon: Package },
  { value: 'addresses', label: 'Addresses', icon: MapPin },
  { value: 'wishlist', label: 'Wishlist', icon: Heart },
  { value: 'security', label: 'Security', icon: ShieldCheck },
] as const;

/** /settings: the customer's account, one tab per concern; `?tab=` keeps the tab across reloads and links. */
export function SettingsPage() {
  const user = useSignedInUser();
  const [tab, selectTab] = useTabParam(TABS, 'profile');

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Account Settings | Caps Marketplace</title>
      <h1 className="text-2xl font-bold sm:text-3xl">Account Settings</h1>
      <p className="mt-1 text-muted-foreground">Signed in as {user.email}</p>
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <IconTabsList tabs={TABS} className="grid-flow-row grid-cols-3 sm:grid-flow-col sm:grid-cols-none" />
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="addresses">
          <AddressesTab />
        </TabsContent>
        <TabsContent value="wishlist">
          <WishlistTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
