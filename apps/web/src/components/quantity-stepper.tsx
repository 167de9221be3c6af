import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';

interface QuantityStepperProps {
  value: number;
  /** The most that can be ordered: the stock. */
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

export function clampQuantity(quantity: number, max: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(Math.max(1, Math.trunc(quantity)), Math.max(1, max));
}

/** Quantity between 1 and the stock: minus and plus buttons around a number field that can also be typed in. */
export function QuantityStepper({ value, max, onChange, disabled = false }: QuantityStepperProps) {
  const id = useId();
  // What is typed may be briefly empty or out of range; it is settled on blur or Enter.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = () => {
    const next = clampQuantity(Number.parseInt(draft, 10), max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Quantity
      </label>
      <div className="flex items-center gap-2">
        <div className="inline-flex items-center rounded-lg border border-input bg-card">
          <Button
            variant="ghost"
            size="icon"
            className="rounded-r-none"
            aria-label="Decrease quantity"
            aria-controls={id}
            disabled={disabled || value <= 1}
            onClick={() => onChange(clampQuantity(value - 1, max))}
          >
            <Minus aria-hidden="true" />
          </Button>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, max)}
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
            className="h-10 w-14 [appearance:textfield] border-x border-input bg-transparent text-center text-base font-semibold disabled:opacity-60 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <Button
            variant="ghost"
            size="icon"
            className="rounded-l-none"
            aria-label="Increase quantity"
            aria-controls={id}
            disabled={disabled || value >= max}
            onClick={() => onChange(clampQuantity(value + 1, max))}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
