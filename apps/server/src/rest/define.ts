import type { AuthedContext, Context, ImageUpload } from '@caps/api';
import type { UserRole } from '@caps/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type RestAuth = 'public' | 'user' | UserRole;

/** What a REST handler receives: the same context the tRPC procedures get, narrowed by the route's auth. */
export type RestContext<A extends RestAuth> = A extends 'public' ? Context : AuthedContext;

/**
 * One documented call of the REST adapter. The table of these is the single source for the Fastify
 * routes and the OpenAPI document, so the docs can never describe a call that does not exist.
 */
export interface RestRoute<A extends RestAuth = RestAuth, I extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path below /api, e.g. /products/{id}. */
  path: string;
  summary: string;
  tag: string;
  auth: A;
  /** Validated from path parameters, query string and body (JSON or multipart fields) merged. */
  input?: I;
  /** Multipart file fields accepted by this call (others are refused); JSON is accepted too. */
  files?: readonly string[];
  /** Those of `files` that take several files (images[0], images[1]... or the name repeated). */
  fileLists?: readonly string[];
  output?: z.ZodType;
  /** Status of a successful answer. */
  status?: number;
  /** Other success statuses the handler answers itself with the same output (e.g. 200 for a repeat). */
  alsoAnswers?: readonly number[];
  /** A 303 the handler may answer instead (e.g. browsers sent on to a page): what it redirects to. */
  redirect?: string;
  /** Documented error statuses besides the generic ones. */
  errors?: readonly number[];
  handler: (
    ctx: RestContext<A>,
    input: z.output<I>,
    extra: { files: ImageUpload[]; request: FastifyRequest; reply: FastifyReply },
  ) => Promise<unknown>;
}

/** Keeps each route's handler typed by its own auth and input. */
export function route<A extends RestAuth, I extends z.ZodType = z.ZodObject<Record<string, never>>>(
  definition: RestRoute<A, I>,
): RestRoute<A, I> {
  return definition;
}
