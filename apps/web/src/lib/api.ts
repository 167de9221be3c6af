import { type ErrorCode, errorCodeForStatus, isErrorCode, UI_TEXT } from '@caps/contracts';
import type { z } from 'zod';
import { readToken } from './auth-storage';

export type FieldErrors = Record<string, string[]>;

/** A failed REST call, with the message to show (spec 8 client error rules) and any field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: FieldErrors = {},
    /** The answer's stable code (read it with errorCodeOf); null when the server was not reached. */
    readonly code: ErrorCode | null = status ? errorCodeForStatus(status) : null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  error?: unknown;
  errors?: unknown;
}

function fieldErrorsOf(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return result;
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy page, an empty body): the status alone has to do.
  }
  const message =
    (typeof body.message === 'string' && body.message) ||
    (typeof body.error === 'string' && body.error) ||
    (response.status ? `HTTP ${response.status}` : response.statusText);
  const code = isErrorCode(body.code) ? body.code : errorCodeForStatus(response.status);
  return new ApiError(message, response.status, fieldErrorsOf(body.errors), code);
}

export interface ApiRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** FormData travels as multipart/form-data (the browser sets the boundary); objects as JSON. */
  body?: FormData | Record<string, unknown>;
  /** The answer's schema: the result is checked and typed by it. */
  schema: S;
  signal?: AbortSignal;
}

/** Calls the REST adapter under /api with the stored bearer token. */
export async function apiRequest<S extends z.ZodType>(path: string, request: ApiRequest<S>): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: request.method ?? 'GET', headers, body, signal: request.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(UI_TEXT.networkError, 0);
  }
  if (!response.ok) throw await errorOf(response);

  let json: unknown;
  try {
    json = response.status === 204 ? undefined : await response.json();
  } catch {
    throw new ApiError('Failed to parse response', response.status);
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) throw new ApiError('Failed to parse response', response.status);
  return parsed.data;
}
