import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCartItemCount } from '@/lib/use-cart-item-count';

export function CartLink() {
  const count = useCartItemCount();
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted"
    >
      <ShoppingBag className="size-5" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground"
      >
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
