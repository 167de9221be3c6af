import { CATALOGUE_PAGE_LINKS } from '@caps/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, type To } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { pageWindow } from './catalogue-params';

interface PaginationProps {
  page: number;
  lastPage: number;
  /** Where the link to a page goes (the same list with another page in the query string). */
  linkTo: (page: number) => To;
  /** Called when a page link is followed, e.g. to move the view to the top. */
  onNavigate?: (page: number) => void;
  className?: string;
}

const itemClass = 'h-10 min-w-10 px-3';

/**
 * Previous, at most 5 page numbers around the current one (spec 9), and Next. Real links, so a page
 * can be opened in a new tab; Previous and Next are disabled at the ends.
 */
export function Pagination({ page, lastPage, linkTo, onNavigate, className }: PaginationProps) {
  if (lastPage <= 1) return null;
  const pages = pageWindow(page, lastPage, CATALOGUE_PAGE_LINKS);

  const edge = (target: number, label: 'Previous' | 'Next', disabled: boolean) => {
    const content =
      label === 'Previous' ? (
        <>
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </>
      ) : (
        <>
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight aria-hidden="true" />
        </>
      );
    if (disabled) {
      return (
        <Button variant="outline" disabled className={itemClass}>
          {content}
        </Button>
      );
    }
    return (
      <Link
        to={linkTo(target)}
        onClick={() => onNavigate?.(target)}
        className={cn(buttonVariants({ variant: 'outline' }), itemClass)}
      >
        {content}
      </Link>
    );
  };

  return (
    <nav aria-label="Pagination" className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
        <li>{edge(page - 1, 'Previous', page <= 1)}</li>
        {pages.map((number) => {
          const current = number === page;
          return (
            <li key={number}>
              <Link
                to={linkTo(number)}
                onClick={() => onNavigate?.(number)}
                aria-label={`Page ${number}`}
                aria-current={current ? 'page' : undefined}
                className={cn(buttonVariants({ variant: current ? 'default' : 'outline' }), itemClass)}
              >
                {number}
              </Link>
            </li>
          );
        })}
        <li>{edge(page + 1, 'Next', page >= lastPage)}</li>
      </ul>
    </nav>
  );
}
