import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

/** The longest note the server takes (a shop's note to the customer, a suspension's reason). */
export const NOTE_MAX_LENGTH = 500;

interface NoteFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Says what the note is for; "Optional, up to 500 characters." is added. */
  hint: string;
  placeholder?: string;
  error?: string | undefined;
  rows?: number;
}

/** An optional free-text note of at most 500 characters, with its label and hint. */
export function NoteField({ label, value, onChange, hint, placeholder, error, rows = 3 }: NoteFieldProps) {
  return (
    <FormField label={label} error={error} hint={`${hint} Optional, up to ${NOTE_MAX_LENGTH} characters.`}>
      {(field) => (
        <Textarea
          {...field}
          value={value}
          rows={rows}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={placeholder}
          className="min-h-16"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The note as the API takes it: trimmed, and left out when empty. */
export function noteInput<TKey extends string>(key: TKey, value: string): Partial<Record<TKey, string>> {
  const trimmed = value.trim();
  return trimmed ? ({ [key]: trimmed } as Record<TKey, string>) : {};
}
