/** The header's main links (spec 2), shared by the desktop bar and the mobile menu. */
export const MAIN_NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/browse-caps', label: 'Browse Caps' },
  { to: '/shops', label: 'Shops' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;
