import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  /** What the button says while the save is on its way, e.g. 'Saving...'. */
  busyLabel: string;
  className?: string;
  size?: ComponentProps<typeof Button>['size'];
}

/** A form's submit button that says what is happening and cannot be pressed twice. */
export function SubmitButton({ busy, label, busyLabel, className = 'w-full sm:w-auto', size }: SubmitButtonProps) {
  return (
    <Button type="submit" size={size} disabled={busy} aria-busy={busy} className={className}>
      {busy ? (
        <>
          <Spinner /> {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
