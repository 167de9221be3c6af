import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/form-field';

const linkClassName = 'font-semibold text-primary underline underline-offset-2';

interface TermsCheckboxProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: Path<TValues>;
}

/** "I agree to the Terms and Conditions and Returns Policy", required at registration (spec 5). */
export function TermsCheckbox<TValues extends FieldValues>({ control, name }: TermsCheckboxProps<TValues>) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={Boolean(fieldState.error)}
              aria-describedby={fieldState.error ? `${noteId} ${errorId}` : noteId}
              aria-required="true"
              className="mt-0.5"
            />
            {/* The links open a new tab, so reading the policies does not throw away the form. */}
            <label htmlFor={id} className="text-sm leading-snug">
              I agree to the{' '}
              <Link to="/terms" target="_blank" rel="noopener" className={linkClassName}>
                Terms and Conditions
              </Link>{' '}
              and{' '}
              <Link to="/returns" target="_blank" rel="noopener" className={linkClassName}>
                Returns Policy
              </Link>
            </label>
          </div>
          <p id={noteId} className="sr-only">
            The policy links open in a new tab.
          </p>
          <FieldError id={errorId} message={fieldState.error?.message} />
        </div>
      )}
    />
  );
}
