import type { UserRole } from '@caps/contracts';
import type { ImageUpload } from './images/image-store.js';

/** Who may call an operation: anyone, any signed-in user, one role, or a shop's owner or an admin. */
export type Access = 'public' | 'user' | UserRole | 'vendor-or-admin';

/**
 * How an operation is also served under /api. The procedure stays the one definition of role, input,
 * output and handler; this says only what REST adds: where it lives, its statuses, and the parts of an
 * HTTP request that are not JSON (files, headers, a browser redirect).
 */
export interface RestBinding {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path below /api, e.g. /products/{id}. Placeholders are input fields. */
  path: string;
  summary: string;
  /** More than the summary says (how a client uses it); the document's description adds the access rule. */
  description?: string;
  tag: string;
  /**
   * A public operation that also reads a bearer token when one is sent (the payer on the payment
   * callback): documented as `security: [{}, {bearerAuth: []}]`.
   */
  optionalToken?: string;
  /** A typical JSON request body (without the path's fields), shown as the body's example. */
  example?: Readonly<Record<string, unknown>>;
  /** Status of a successful answer (200 by default). */
  status?: number;
  /** Another success status the handler may choose with `ctx.rest.status` (e.g. 200 for a repeat). */
  alsoAnswers?: readonly number[];
  /** Documented error statuses besides the generic ones. */
  errors?: readonly number[];
  /** Multipart file fields, handed to the handler as `ctx.rest.uploads` (others are refused). */
  files?: readonly string[];
  /** Those of `files` that take several files (images[0], images[1]... or the name repeated). */
  fileLists?: readonly string[];
  /** A path placeholder whose input field has another name: placeholder → field. */
  params?: Readonly<Record<string, string>>;
  /** Request headers copied into the input when sent (trimmed, not blank): header → field. */
  headers?: Readonly<Record<string, string>>;
  /**
   * A request accepting `accept` (a browser) is sent on with a 303 to `location(input)` instead of
   * being answered; the input is still checked first.
   */
  redirect?: { accept: string; description: string; location: (input: never) => string };
}

export interface OperationMeta {
  /** Set by the role builder that enforces it (procedures.ts), read by the OpenAPI document. */
  access?: Access;
  rest?: RestBinding;
}

/** What the REST face hands a call besides its input; over tRPC `ctx.rest` is absent. */
export interface RestCall {
  /** The files of a multipart body, in the order the client meant. */
  uploads: ImageUpload[];
  /** Set by a handler whose binding lists `alsoAnswers`, to answer with that status instead. */
  status?: number;
}

/** The files of this call: those of a REST multipart body; none over tRPC. */
export const uploadsOf = (ctx: { rest?: RestCall }): ImageUpload[] => ctx.rest?.uploads ?? [];
