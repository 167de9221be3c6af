import { VENDOR_PRODUCT_MESSAGES } from '@caps/contracts';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const MAX_SIZE_LENGTH = 20;

/** Lets the form take a size that was typed but not yet added (Enter or Add) when it is submitted. */
export interface SizesInputHandle {
  /** Adds the typed size (same rules as Enter); false when it was refused (too long) and focus went back to it. */
  commitDraft: () => boolean;
}

interface SizesInputProps {
  ref?: Ref<SizesInputHandle>;
  value: string[];
  onChange: (sizes: string[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
}

/**
 * Sizes as removable chips (spec 5): type one and press Enter (or Add); blank and repeated sizes
 * are ignored. Enter adds a size instead of submitting the form.
 */
export function SizesInput({ ref, value, onChange, onBlur, error }: SizesInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const addDraft = (): boolean => {
    const size = draft.trim();
    setDraft('');
    if (!size || value.includes(size)) {
      setProblem(null);
      return true;
    }
    if (size.length > MAX_SIZE_LENGTH) {
      setProblem(VENDOR_PRODUCT_MESSAGES.sizeTooLong);
      setDraft(size);
      return false;
    }
    setProblem(null);
    onChange([...value, size]);
    return true;
  };

  useImperativeHandle(ref, () => ({
    commitDraft: () => {
      const added = addDraft();
      if (!added) inputRef.current?.focus();
      return added;
    },
  }));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addDraft();
  };

  const remove = (size: string) => {
    onChange(value.filter((entry) => entry !== size));
    inputRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Sizes</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          placeholder="e.g. 57, Small, XL"
          autoComplete="off"
          aria-required="true"
          aria-invalid={Boolean(shownError)}
          aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        />
        <Button variant="outline" onClick={() => addDraft()} aria-label="Add size">
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Type a size and press Enter. At least one size.
      </p>
      {value.length ? (
        <ul aria-label="Sizes added" className="flex flex-wrap gap-2">
          {value.map((size) => (
            <li
              key={size}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-secondary py-0.5 pr-1 pl-3 text-sm font-medium text-secondary-foreground"
            >
              {size}
              <button
                type="button"
                onClick={() => remove(size)}
                aria-label={`Remove size ${size}`}
                className="grid size-6 cursor-pointer place-items-center rounded-full hover:bg-secondary-hover"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={errorId} message={shownError ?? undefined} />
    </div>
  );
}
