import { Eye } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface AdminTableProps {
  /** Read by screen readers as the table's name, e.g. 'Products'. */
  caption: string;
  columns: readonly string[];
  children: ReactNode;
  /** The width below which the table scrolls instead of squeezing its columns. */
  minWidth?: string;
}

/**
 * An admin list as a table that scrolls sideways inside its card on narrow screens, so every column
 * stays reachable at 390 px without widening the page. It is positioned so that screen-reader-only texts
 * in its cells (absolutely placed) stay inside it rather than stretching the page.
 */
export function AdminTable({ caption, columns, children, minWidth = 'min-w-[44rem]' }: AdminTableProps) {
  return (
    <section
      className="relative overflow-x-auto rounded-card border border-border bg-card shadow-sm"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      aria-label={caption}
    >
      <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </section>
  );
}

export function Cell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}

/** A row's View button, in its own cell: named "View" as shown; which row it opens is its description. */
export function ViewCell({ onView, describedBy }: { onView: () => void; describedBy: string }) {
  return (
    <Cell>
      <Button variant="outline" size="sm" onClick={onView} aria-describedby={describedBy}>
        <Eye aria-hidden="true" />
        View
      </Button>
    </Cell>
  );
}
