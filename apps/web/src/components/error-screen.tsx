import { UI_TEXT } from '@caps/contracts';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ErrorScreenProps {
  /** What Try Again does; without it Try Again reloads the page as well. */
  onRetry?: () => void;
}

/** The generic error screen of spec 8: 'Something went wrong' with Try Again and Refresh Page. */
export function ErrorScreen({ onRetry }: ErrorScreenProps) {
  const reload = () => window.location.reload();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" role="alert">
      <AlertTriangle className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">{UI_TEXT.somethingWentWrong}</h1>
      <p className="mt-2 text-muted-foreground">{UI_TEXT.errorLoadingData}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry ?? reload}>Try Again</Button>
        <Button variant="outline" onClick={reload}>
          Refresh Page
        </Button>
      </div>
    </section>
  );
}
