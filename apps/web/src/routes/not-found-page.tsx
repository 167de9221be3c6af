import { UI_TEXT } from '@caps/contracts';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageMeta } from '@/lib/seo';
import { useHttpStatus } from '@/ssr/http-status';

export function NotFoundPage() {
  const location = useLocation();
  // The server answers an unknown address with this page and 404 (search engines drop the address).
  useHttpStatus(404);

  useEffect(() => {
    // Spec 8: the 404 page logs the unknown path, so broken links show up in the console and in monitoring.
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Page not found" description={UI_TEXT.notFoundTitle} noIndex />
      <p className="font-display text-7xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">{UI_TEXT.notFoundTitle}</h1>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
