import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { readServerError } from '@/lib/server-errors';
import type { Quote } from './use-quote';

/** The quote could not be had: the server's reason and a way to ask again (cart and checkout alike). */
export function QuoteError({ quote, className }: { quote: Quote; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col gap-2 text-sm', className)}>
      <p className="text-destructive">{readServerError(quote.error, 'Please try again.').message}</p>
      <Button variant="outline" size="sm" onClick={() => void quote.refetch()} disabled={quote.isFetching}>
        Try Again
      </Button>
    </div>
  );
}
