import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface DashboardSectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons beside the heading (Add New Cap, Refresh). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A dashboard tab: its heading (the tab's landmark name), a line of explanation, actions and content. */
export function DashboardSection({ title, description, actions, children, className }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-6', className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-2xl font-bold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** A line under the figure (what it counts, a comparison). */
  note?: ReactNode;
  className?: string;
}

/** One figure of the dashboard, its label read before the value. */
export function StatCard({ label, value, icon: Icon, note, className }: StatCardProps) {
  return (
    <Card className={cn('flex items-start justify-between gap-3 p-5', className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold break-words">{value}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </div>
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </Card>
  );
}

/** A row of stat cards: one column on phones, two on tablets, four on wide screens. */
export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4 [&>li]:flex [&>li>*]:flex-1">
      {children}
    </ul>
  );
}
