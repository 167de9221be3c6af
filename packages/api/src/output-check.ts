import type { z } from 'zod';

/**
 * An answer schema for `.output()` that tRPC checks synchronously. Given a zod schema, tRPC calls its
 * parseAsync, which skips zod 4's compiled fast path: a catalogue page took ~50 µs to check instead of
 * ~9 µs, on every call of both faces. The schema stays reachable (`.schema`) for the OpenAPI document.
 *
 * An answer that `proofOf(schema)` proves is given back as it is; any other is parsed by zod, which gives
 * back its copy or throws its ZodError, as before. Proven, the answer is what zod's copy would have been
 * (see proofOf), without the copy: for a catalogue page of 12 caps about 2 µs instead of zod's 10 to 14,
 * and none of the copy's garbage. `.proof` is the proof, undefined when the schema has none: an object or array
 * given back as it is (zod's parse copies every one) was proven, and so is plain JSON (rest/call-procedure.ts).
 * `.jsonCheck` is the same check for an answer that is only written as JSON, where an object met twice is
 * written twice as zod's two copies would be (REST, and tRPC's query path, rest/call-procedure.ts).
 */
export function answer<S extends z.ZodType>(
  schema: S,
): ((value: unknown) => z.output<S>) & {
  schema: S;
  proof: Proof | undefined;
  /** The check for an answer that is only written as JSON (see proofOf's `forJson`). */
  jsonCheck: (value: unknown) => z.output<S>;
} {
  const proof = proofOf(schema);
  const check = proof
    ? (value: unknown) => (proof(value) ? (value as z.output<S>) : schema.parse(value))
    : (value: unknown) => schema.parse(value);
  const jsonCheck = proof ? (value: unknown) => (proof(value, true) ? (value as z.output<S>) : check(value)) : check;
  return Object.assign(check, { schema, proof, jsonCheck });
}

/** A compiled proof: see proofOf. */
export type Proof = (value: unknown, forJson?: boolean) => boolean;

/** What proofOf reads of a zod 4 schema: its definition. */
interface ZodDef {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  catchall?: unknown;
  element?: { _zod: { def: ZodDef } };
  innerType?: { _zod: { def: ZodDef } };
  entries?: Record<string, unknown>;
  values?: unknown[];
}

/**
 * The keys of a definition that proofOf reads, by type, and `error` (the wording of zod's issues, never what it
 * accepts). A definition with any other key is left to zod: zod 4's standalone formats keep their check on the
 * schema itself (`z.int()`, `z.int32()`, `z.email()`, `z.uuid()`, `z.iso.datetime()`: `check`, `format`, with no
 * `checks`), `z.coerce` adds `coerce`; read as a plain number or string, their wrong answers would be proven.
 */
const KNOWN_KEYS: Record<string, ReadonlySet<string>> = {
  string: new Set(['type', 'checks', 'error']),
  boolean: new Set(['type', 'checks', 'error']),
  null: new Set(['type', 'error']),
  number: new Set(['type', 'checks', 'error']),
  nullable: new Set(['type', 'innerType', 'error']),
  enum: new Set(['type', 'entries', 'error']),
  literal: new Set(['type', 'values', 'error']),
  array: new Set(['type', 'element', 'checks', 'error']),
  object: new Set(['type', 'shape', 'catchall', 'checks', 'error']),
};

/** Whether proofOf reads every key of `def` (see KNOWN_KEYS); keys left undefined are none. */
function understood(def: ZodDef): boolean {
  const known = KNOWN_KEYS[def.type];
  if (!known) return false;
  for (const key in def) {
    if (!known.has(key) && (def as unknown as Record<string, unknown>)[key] !== undefined) return false;
  }
  return true;
}

/** Keys a proof declines to compile: superjson and isPlainJson treat them apart. */
const SPECIAL_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A function that returns true only for a value that zod's `schema.parse` would accept and copy into an equal
 * value: the same keys in the same order, the same primitives, plain objects and arrays, each object and array
 * met once (zod's copy shares none, and superjson would mark a shared one), no -0 (superjson marks it). It
 * returns false for anything else, which then goes to zod: a wrong answer is refused by zod itself, with its
 * error. Compiled (new Function, as zod compiles its own objects) for schemas made only of objects (zod's
 * default: unknown keys dropped, no refinements), arrays without length checks, strings without checks,
 * numbers (finite; `.int()`: safe integers), booleans, null, nullable, string enums and literals, whose
 * definitions hold nothing else (KNOWN_KEYS: not zod 4's standalone formats such as `z.int()`, `z.email()` or
 * `z.iso.datetime()`, nor `z.coerce`); undefined for any other schema, whose answers zod parses as before. An own getter of a plain object is read here and
 * again when the answer is written, where zod's copy holds the value it read once: no answer of ours has one.
 *
 * `forJson`: for an answer that is only written as JSON text (JSON.stringify, or a serializer that writes
 * what JSON.stringify writes), where what zod's copy would change besides the values cannot show: an object
 * met twice is written twice, as zod's two copies are, and keys of a list besides its indexes are not written
 * by either. Those two checks, a fifth of the proof's time, are left out; everything else holds.
 */
export function proofOf(schema: z.ZodType): Proof | undefined {
  const functions: string[] = [];
  const constants: unknown[] = [];
  const constant = (value: unknown) => `c[${constants.push(value) - 1}]`;

  /** The expression that checks `v` against `def`, or undefined when `def` cannot be proved. */
  const expression = (def: ZodDef, v: string): string | undefined => {
    if (!understood(def)) return undefined;
    const checks = def.checks ?? [];
    switch (def.type) {
      case 'string':
        return checks.length === 0 ? `typeof ${v} === 'string'` : undefined;
      case 'boolean':
        return checks.length === 0 ? `typeof ${v} === 'boolean'` : undefined;
      case 'null':
        return `${v} === null`;
      case 'number': {
        const notNegativeZero = `(${v} !== 0 || 1 / ${v} > 0)`;
        if (checks.length === 0) return `typeof ${v} === 'number' && Number.isFinite(${v}) && ${notNegativeZero}`;
        const [only] = checks;
        if (checks.length === 1 && only?._zod.def.check === 'number_format' && only._zod.def.format === 'safeint') {
          return `Number.isSafeInteger(${v}) && ${notNegativeZero}`;
        }
        return undefined;
      }
      case 'nullable': {
        const inner = def.innerType && expression(def.innerType._zod.def, v);
        return inner && `(${v} === null || (${inner}))`;
      }
      case 'enum': {
        const values = Object.values(def.entries ?? {});
        if (values.length === 0 || !values.every((value) => typeof value === 'string')) return undefined;
        return `${constant(new Set(values))}.has(${v})`;
      }
      case 'literal': {
        const values = def.values ?? [];
        const literal = (value: unknown) =>
          typeof value === 'string' ||
          typeof value === 'boolean' ||
          value === null ||
          (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0));
        if (values.length === 0 || !values.every(literal)) return undefined;
        return `(${values.map((value) => `${v} === ${constant(value)}`).join(' || ')})`;
      }
      case 'array': {
        if (checks.length > 0 || !def.element) return undefined;
        const item = expression(def.element._zod.def, 'x');
        if (!item) return undefined;
        const index = functions.push('') - 1;
        const name = `f${index}`;
        // Own keys besides the indexes (Object.keys) would be dropped by zod's copy, and walked by superjson.
        functions[index] = `function ${name}(v, seen) {
  if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
  if (seen !== null) seen.push(v);
  for (let i = 0; i < v.length; i++) { const x = v[i]; if (!(${item})) return false; }
  return seen === null || v.length === 0 || Object.keys(v).length === v.length;
}`;
        return `${name}(${v}, seen)`;
      }
      case 'object': {
        if (checks.length > 0 || def.catchall !== undefined || !def.shape) return undefined;
        const names = Object.keys(def.shape);
        if (names.some((key) => SPECIAL_KEYS.has(key))) return undefined;
        const index = functions.push('') - 1;
        const name = `f${index}`;
        const fields: string[] = [];
        for (const key of names) {
          const field = def.shape[key];
          const check = field && expression(field._zod.def, `v[${JSON.stringify(key)}]`);
          if (!check) return undefined;
          fields.push(`if (!(${check})) return false;`);
        }
        // The keys in the order zod's copy has them (integer-like keys first, as in any object).
        const order = Object.keys(Object.fromEntries(names.map((key) => [key, 0])));
        functions[index] = `function ${name}(v, seen) {
  if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return false;
  if (seen !== null) seen.push(v);
  const keys = ${constant(order)};
  let i = 0;
  for (const key in v) if (key !== keys[i++]) return false;
  if (i !== ${order.length}) return false;
  ${fields.join('\n  ')}
  return true;
}`;
        return `${name}(${v}, seen)`;
      }
      default:
        return undefined;
    }
  };

  const top = expression(schema._zod.def as unknown as ZodDef, 'value');
  if (!top) return undefined;
  const source = `${functions.join('\n')}
return function proof(value, forJson) {
  const seen = forJson === true ? null : [];
  return (${top}) && (seen === null || seen.length < 2 || new Set(seen).size === seen.length);
};`;
  try {
    // The source is made of this function's own text and constants passed by reference; nothing of an answer.
    return new Function('c', source)(constants) as Proof;
  } catch {
    // Where code cannot be compiled (a policy forbidding eval), zod parses every answer, as before.
    return undefined;
  }
}
