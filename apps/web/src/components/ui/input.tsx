import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const controlClassName =
  'w-full rounded-lg border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        controlClassName,
        'h-10 py-2 file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground',
        className,
      )}
      {...props}
    />
  );
}
