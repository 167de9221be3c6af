import type { z } from 'zod';
import { DomainError } from './errors.js';

function addMessage(out: Record<string, string[]>, key: string, message: string) {
  const list = out[key] ?? [];
  list.push(message);
  out[key] = list;
}

/** Field messages of a zod error as { field: [messages] }; the form-level ones under "_". */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    let key = issue.path.length ? issue.path.map(String).join('.') : '_';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      // An unknown field is reported on the field itself, so `role: "admin"` reads as such.
      for (const k of issue.keys) addMessage(out, k, `The field '${k}' is not allowed.`);
      continue;
    }
    if (key === '') key = '_';
    if (message.startsWith('Invalid input: expected') && issue.code === 'invalid_type') message = 'Invalid format';
    addMessage(out, key, message);
  }
  return out;
}

/** One readable sentence for a failed validation: the first field message. */
export function summaryOf(fieldErrors: Record<string, string[]>): string {
  const [field, messages] = Object.entries(fieldErrors)[0] ?? ['_', ['Invalid input']];
  const message = messages[0] ?? 'Invalid input';
  // Spec messages are kept word for word; the generic ones name the field so they still make sense alone.
  const generic = /^(This field is required|Minimum length|Maximum length|Invalid format)/.test(message);
  return generic && field !== '_' ? `${message} (${field})` : message;
}

/** Parses with a schema or throws a VALIDATION DomainError carrying every field message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw new DomainError('VALIDATION', summaryOf(fieldErrors), fieldErrors);
}
