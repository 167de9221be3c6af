import { type Ref, useId } from 'react';
import { FieldError } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

interface SizePickerProps {
  sizes: readonly string[];
  value: string | null;
  onChange: (size: string) => void;
  /** The form message under the sizes ('Please select a size'). */
  error?: string | undefined;
  disabled?: boolean;
  /** The first radio, so the page can send focus there with the error message. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The sizes as a radio group (native radios: arrow keys move between sizes, Tab leaves the group),
 * drawn as chips.
 */
export function SizePicker({ sizes, value, onChange, error, disabled = false, ref }: SizePickerProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">
        Size{value ? <span className="font-normal text-muted-foreground">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((size, index) => (
          <label key={size} className="relative">
            <input
              ref={index === 0 ? ref : undefined}
              type="radio"
              name={name}
              value={size}
              checked={value === size}
              onChange={() => onChange(size)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <span
              className={cn(
                'inline-flex h-10 min-w-12 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors select-none',
                'border-input bg-card text-foreground hover:bg-muted',
                'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
                'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
                error && 'border-destructive',
              )}
            >
              {size}
            </span>
          </label>
        ))}
      </div>
      <div className="mt-2">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  );
}
