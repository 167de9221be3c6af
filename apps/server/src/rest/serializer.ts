import fastJsonStringify, { type AnySchema } from 'fast-json-stringify';
import type { z } from 'zod';
import { schemaOf } from './openapi.js';

/** Writes an answer as JSON text, byte for byte what JSON.stringify writes for it. */
export type Serializer = (value: unknown) => string;

type JsonSchema = Record<string, unknown>;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords that only constrain a value: fast-json-stringify writes the value the same with or without them. */
const CONSTRAINTS = new Set([
  'description',
  'title',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'enum',
  'const',
]);

/**
 * Whether fast-json-stringify writes every value this schema accepts exactly as JSON.stringify does: plain
 * types, objects with listed properties and no others (zod's default, which drops unknown keys, so the
 * answer's keys are the schema's, in its order), arrays of one item schema, nullable primitives. Unions of
 * objects, records, tuples, `default` (fast-json-stringify writes a missing property's default), `$ref` and
 * the `{}` of an unrepresentable type are left to JSON.stringify.
 */
function writesLikeJson(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, properties, required, additionalProperties, items, ...rest } = schema as JsonSchema;
  if (!Object.keys(rest).every((keyword) => CONSTRAINTS.has(keyword))) return false;
  const types = Array.isArray(type) ? type : [type];
  if (types.length === 0 || types.some((t) => typeof t !== 'string')) return false;
  if (types.length > 1) {
    // Only a choice between primitives (a nullable string, say): fast-json-stringify picks it by typeof.
    return types.every((t) => PRIMITIVE_TYPES.has(t as string)) && !properties && !items;
  }
  switch (type) {
    case 'object':
      return (
        additionalProperties === false &&
        typeof properties === 'object' &&
        properties !== null &&
        (required === undefined || Array.isArray(required)) &&
        Object.values(properties).every(writesLikeJson) &&
        items === undefined
      );
    case 'array':
      return (
        !Array.isArray(items) &&
        writesLikeJson(items) &&
        properties === undefined &&
        required === undefined &&
        additionalProperties === undefined
      );
    default:
      return (
        PRIMITIVE_TYPES.has(type as string) &&
        properties === undefined &&
        required === undefined &&
        additionalProperties === undefined &&
        items === undefined
      );
  }
}

/**
 * The serializer of a procedure's answers, compiled from its output schema with fast-json-stringify as
 * Fastify compiles a route's response schema; JSON.stringify when there is no schema or it is one that
 * fast-json-stringify could write otherwise (see writesLikeJson). Only for answers that passed the schema's
 * check (tRPC's output middleware): those carry exactly the schema's keys, in its order, with their types.
 */
export function answerSerializer(output: z.ZodType | undefined): Serializer {
  if (!output) return JSON.stringify;
  try {
    const schema = schemaOf(output, 'output');
    if (!writesLikeJson(schema)) return JSON.stringify;
    return fastJsonStringify(schema as AnySchema) as Serializer;
  } catch {
    // A schema that has no JSON Schema (or that fast-json-stringify refuses) is written as it always was.
    return JSON.stringify;
  }
}

/**
 * Whether superjson.serialize(value) is `{ json: value }` and nothing more: only strings, booleans, null,
 * finite numbers other than -0, arrays without holes and plain objects, each object met once (superjson
 * notes repeated references in `meta`). Anything else (undefined, dates, maps, -0, NaN, class instances,
 * a key superjson refuses such as `__proto__`) needs superjson itself. The app registers no superjson
 * classes, symbols or custom transformers, which would be the only other things it annotates.
 */
export function isPlainJson(value: unknown): boolean {
  const objects: object[] = [];
  // Each object once: a Set built at the end costs less than one consulted at every object.
  return plainTree(value, objects) && new Set(objects).size === objects.length;
}

/** isPlainJson's walk; every object and array met goes into `objects`. */
function plainTree(value: unknown, objects: object[]): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !(value === 0 && 1 / value < 0);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  objects.push(value);
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++) {
      // A hole reads as undefined, which is not plain either.
      if (!plainTree(value[i], objects)) return false;
    }
    // Own keys besides the indexes would be walked by superjson too.
    return value.length === 0 || Object.keys(value).length === value.length;
  }
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || value === Object.prototype) return false;
  // for...in: own keys first, and Object.prototype has no enumerable ones (were it given one, its value is
  // walked too, which can only make the answer false and leave it to superjson).
  for (const key in value) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return false;
    if (!plainTree((value as Record<string, unknown>)[key], objects)) return false;
  }
  return true;
}
