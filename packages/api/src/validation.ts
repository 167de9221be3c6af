import { genericMessage } from '@caps/contracts';
import { z } from 'zod';
import { DomainError } from './errors.js';

// Every schema without a message of its own answers in spec 5's words (genericMessage), on tRPC and REST.
z.config({ customError: genericMessage });

/**
 * Field messages are gathered in a Map: the keys are field names the caller chose, and on a plain
 * object `out['toString'] ?? []` or `out['__proto__']` would find Object.prototype's members instead.
 */
function addMessage(out: Map<string, string[]>, key: string, message: string) {
  const list = out.get(key) ?? [];
  // Two rules of one field can word the same refusal (a price that is no number, then not positive).
  if (!list.includes(message)) list.push(message);
  out.set(key, list);
}

/** Field messages of a zod error as { field: [messages] }; the form-level ones under "_". */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    let key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      // An unknown field is reported on the field itself, so `role: "admin"` reads as such.
      for (const k of issue.keys) addMessage(out, k, `The field '${k}' is not allowed.`);
      continue;
    }
    if (key === '') key = '_';
    addMessage(out, key, message);
  }
  // fromEntries defines own properties, so even a field named `__proto__` stays a plain key.
  return Object.fromEntries(out);
}

/**
 * One readable sentence for a failed validation: the first field message, word for word as the spec
 * words it (the field it belongs to is named in `errors`, never appended here).
 */
export function summaryOf(fieldErrors: Record<string, string[]>): string {
  const [, messages] = Object.entries(fieldErrors)[0] ?? ['_', ['Invalid input']];
  return messages[0] ?? 'Invalid input';
}

/** Parses with a schema or throws a VALIDATION DomainError carrying every field message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw new DomainError('VALIDATION', summaryOf(fieldErrors), fieldErrors);
}

const NUL = '\u0000';
/** A UTF-16 surrogate with no partner: with the u flag, \p{Cs} matches only unpaired ones. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A string no field can hold: a NUL, or a lone surrogate (not text at all: stored, it shows as "�"). */
const unstorable = (value: string) => value.includes(NUL) || LONE_SURROGATE.test(value);

/**
 * The paths of every string in a request input (values and keys, at any depth) holding U+0000 or a
 * lone UTF-16 surrogate. PostgreSQL refuses NUL in text and MikroORM inlines values into SQLite's SQL
 * text, so such a string must never reach a query; a lone surrogate (JSON's "\ud800") has no UTF-8
 * form and would be stored as U+FFFD; no field of the product has a use for either. Walked with a
 * stack, not recursion, so a deeply nested body cannot overflow the call stack.
 */
export function nulPaths(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (unstorable(value)) found.push(path || '_');
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) stack.push([item, join(path, index)]);
    } else if (value !== null && typeof value === 'object') {
      const prototype = Object.getPrototypeOf(value);
      // Only data: JSON objects, query strings and form fields (null prototype); not Dates, Buffers...
      if (prototype !== Object.prototype && prototype !== null) continue;
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) found.push(join(path, key));
        else stack.push([item, join(path, key)]);
      }
    }
  }
  return found.sort();
}

/** Throws the VALIDATION error 'Invalid format' on every field holding U+0000 or a lone surrogate; see nulPaths. */
export function refuseNul(input: unknown): void {
  const paths = nulPaths(input);
  if (!paths.length) return;
  const fieldErrors = Object.fromEntries(paths.map((path) => [path, ['Invalid format']]));
  throw new DomainError('VALIDATION', 'Invalid format', fieldErrors);
}
