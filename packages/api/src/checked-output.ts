import type { z } from 'zod';

/**
 * A procedure's `.output()`: zod's synchronous `parse` of the answer. Given the schema itself, tRPC calls
 * `parseAsync`, which skips zod's compiled fast path (measured: a catalogue page checked in ~50 µs instead of ~9).
 * The schema stays reachable as `.schema` for the OpenAPI document.
 */
export function checkedOutput<S extends z.ZodType>(schema: S): ((value: unknown) => z.output<S>) & { schema: S } {
  return Object.assign((value: unknown) => schema.parse(value), { schema });
}
