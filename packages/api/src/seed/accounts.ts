/** The demo accounts and their passwords, printed on the console at start and listed in the README. */

export const DEMO_ADMIN_PASSWORD = 'Admin123!';
export const DEMO_VENDOR_PASSWORD = 'Vendor123!';
export const DEMO_CUSTOMER_PASSWORD = 'Customer123!';

export interface DemoAccount {
  role: 'admin' | 'vendor' | 'customer';
  email: string;
  password: string;
  name: string;
}

/** The accounts shown on the console and in the README to try the app with. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'admin', email: 'admin@capsmarket.ng', password: DEMO_ADMIN_PASSWORD, name: 'Platform Admin' },
  { role: 'vendor', email: 'vendor@capsmarket.ng', password: DEMO_VENDOR_PASSWORD, name: 'Bukar Modu Kyari' },
  { role: 'vendor', email: 'pending.vendor@capsmarket.ng', password: DEMO_VENDOR_PASSWORD, name: 'Hauwa Ali Kachalla' },
  { role: 'customer', email: 'customer@capsmarket.ng', password: DEMO_CUSTOMER_PASSWORD, name: 'Amina Bello' },
  { role: 'customer', email: 'chidi@capsmarket.ng', password: DEMO_CUSTOMER_PASSWORD, name: 'Chidi Okeke' },
  { role: 'customer', email: 'funmi@capsmarket.ng', password: DEMO_CUSTOMER_PASSWORD, name: 'Funmilayo Adewale' },
];
