import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

/** A kufi-style cap on a terracotta tile: the marketplace's mark. */
function CapMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
      <path d="M6 21c0-7 4.5-12 10-12s10 5 10 12z" fill="#fbe8c8" />
      <path d="M10 14.5h12M8.5 17.5h15" stroke="#d9a066" strokeWidth="1.2" />
      <rect x="5" y="20" width="22" height="4" rx="1.5" fill="var(--color-accent)" />
    </svg>
  );
}

export function Brand({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 rounded-md', className)}>
      <CapMark />
      <span className="font-display text-lg font-bold whitespace-nowrap text-foreground">Caps Marketplace</span>
    </Link>
  );
}
