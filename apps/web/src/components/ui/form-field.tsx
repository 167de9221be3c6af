import { type ComponentProps, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';

/** Attributes that tie a control to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The validation message, shown under the control and read with it. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** What a registered text control takes: the field's frame, its react-hook-form registration and the control's own props. */
type RegisteredFieldProps<Control extends 'input' | 'textarea'> = Omit<FormFieldProps, 'children'> &
  Omit<ComponentProps<Control>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'id' | 'className' | 'children'> & {
    registration: UseFormRegisterReturn;
  };

/** A labelled <Input> bound to a react-hook-form field: the common case of FormField. */
export function TextField({ label, error, hint, className, registration, ...input }: RegisteredFieldProps<'input'>) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(field) => <Input {...field} {...registration} {...input} />}
    </FormField>
  );
}

/** A labelled <Textarea> bound to a react-hook-form field. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  registration,
  ...textarea
}: RegisteredFieldProps<'textarea'>) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(field) => <Textarea {...field} {...registration} {...textarea} />}
    </FormField>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** A message about the whole form (a failed sign-in, say), announced when it appears. */
export function FormAlert({ message, className }: { message?: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive',
        className,
      )}
    >
      {message}
    </div>
  );
}
