import { CONTACT } from '@caps/contracts';
import { Link } from 'react-router-dom';

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/returns', label: 'Returns Policy' },
] as const;

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border bg-secondary/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <p className="font-display text-lg font-bold">Caps Marketplace</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Traditional Nigerian caps from verified vendors, based in {CONTACT.city}, {CONTACT.country}.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded-sm text-secondary-foreground underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Caps Marketplace. All rights reserved.
      </p>
    </footer>
  );
}
