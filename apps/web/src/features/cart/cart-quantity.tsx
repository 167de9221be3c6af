import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';

interface CartQuantityProps {
  /** The cap's name, for the labels ("Quantity of ..."). */
  name: string;
  value: number;
  /** The highest number the field takes (the stock, or the current quantity when that is above it). */
  max: number;
  /** Whether plus is allowed: below the stock and still available. */
  canIncrease: boolean;
  disabled: boolean;
  /** A new quantity; 0 asks to remove the line. */
  onChange: (quantity: number) => void;
}

/** The quantity of a cart line: minus at 1 (or typing 0) asks to remove the line instead. */
export function CartQuantity({ name, value, max, canIncrease, disabled, onChange }: CartQuantityProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = () => {
    const typed = Number.parseInt(draft, 10);
    if (!Number.isFinite(typed)) {
      setDraft(String(value));
      return;
    }
    const next = Math.min(Math.max(0, typed), max);
    setDraft(String(next === 0 ? value : next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Quantity of {name}
      </label>
      <div className="inline-flex items-center rounded-lg border border-input bg-card">
        <Button
          variant="ghost"
          size="icon"
          className="rounded-r-none"
          aria-label={value <= 1 ? `Remove ${name} (quantity 0)` : `Decrease quantity of ${name}`}
          aria-controls={id}
          disabled={disabled}
          onClick={() => onChange(value - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
          className="h-10 w-14 border-x border-input bg-transparent text-center text-base font-semibold [appearance:textfield] disabled:opacity-60 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <Button
          variant="ghost"
          size="icon"
          className="rounded-l-none"
          aria-label={`Increase quantity of ${name}`}
          aria-controls={id}
          disabled={disabled || !canIncrease}
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
