import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface QuantityStepperProps {
  value: number;
  /** The highest number the field takes: the stock (a cart line: or its quantity when that is above it). */
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  /**
   * A cart line's cap: the labels name it ("Quantity of ...", hidden). Without it (the product page) the visible
   * label is "Quantity". Either way 1 is the least (spec 5); a cart line is removed with its Remove button.
   */
  itemName?: string;
  /** Whether plus is allowed; by default while below `max`. */
  canIncrease?: boolean;
}

function clamp(quantity: number, min: number, max: number): number {
  return Math.min(Math.max(min, Math.trunc(quantity)), Math.max(min, max));
}

/** Minus and plus buttons around a number field that can also be typed in; typing is settled on blur or Enter. */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
  itemName,
  canIncrease = value < max,
}: QuantityStepperProps) {
  const id = useId();
  const min = 1;
  const of = itemName === undefined ? '' : ` of ${itemName}`;
  // What is typed may be briefly empty or out of range; it is settled on blur or Enter.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = () => {
    const typed = Number.parseInt(draft, 10);
    const next = Number.isFinite(typed) ? clamp(typed, min, max) : value;
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={itemName === undefined ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      <label htmlFor={id} className={itemName === undefined ? 'text-sm font-semibold' : 'sr-only'}>
        Quantity{of}
      </label>
      <div className="inline-flex w-fit items-center rounded-lg border border-input bg-card">
        <Button
          variant="ghost"
          size="icon"
          className="rounded-r-none"
          aria-label={`Decrease quantity${of}`}
          aria-controls={id}
          disabled={disabled || value <= min}
          onClick={() => onChange(clamp(value - 1, min, max))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={Math.max(min, max)}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            // Enter settles the number; it must not also submit the surrounding form (Add to Cart).
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
          className={cn(
            'h-10 w-14 [appearance:textfield] border-x border-input bg-transparent text-center text-base font-semibold',
            'disabled:opacity-60 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          )}
        />
        <Button
          variant="ghost"
          size="icon"
          className="rounded-l-none"
          aria-label={`Increase quantity${of}`}
          aria-controls={id}
          disabled={disabled || !canIncrease}
          onClick={() => onChange(clamp(value + 1, min, max))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
