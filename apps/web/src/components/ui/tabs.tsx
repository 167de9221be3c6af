import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('grid w-full auto-cols-fr grid-flow-col gap-1 rounded-xl bg-secondary p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-9 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-semibold text-secondary-foreground transition-colors hover:bg-secondary-hover data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  // Only the active panel is mounted (Radix's default), so a label or field of a hidden panel never doubles
  // one of the visible panel. The hide rule only matters if a caller opts into forceMount.
  return <TabsPrimitive.Content className={cn('mt-6 data-[state=inactive]:hidden', className)} {...props} />;
}

/** The tab list of a page's tabs, each with its icon before its label. */
export function IconTabsList({
  tabs,
  className,
}: {
  tabs: readonly { value: string; label: string; icon: LucideIcon }[];
  className?: string;
}) {
  return (
    <TabsList className={className}>
      {tabs.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value} className="gap-1.5 px-2 sm:px-3">
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
