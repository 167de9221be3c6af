import { readToken } from '@/lib/auth-storage';

/**
 * One timed GET as the browser saw it. `status` is 0 when no answer came (the server is down, the
 * connection broke); `error` then says why.
 */
export interface TimedResponse {
  status: number;
  statusText: string;
  /** From just before the request to the last byte of the body, in whole milliseconds. */
  ms: number;
  /** The raw body; read in full so the time covers the whole answer, not only its headers. */
  text: string;
  error?: string;
}

/** Whether an answer counts as a success: a 2xx status. */
export function isSuccess(answer: Pick<TimedResponse, 'status'>): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/**
 * GETs a path of the REST adapter with the stored bearer token and times it with performance.now().
 * A raw fetch on purpose: apiRequest would parse the answer into a schema and throw on a 4xx, while
 * the developer pages want every status and the time exactly as the server gave them. Network failures
 * come back as status 0; only a cancel (AbortError) is thrown, so the caller can stop.
 */
export async function timedGet(path: string, signal?: AbortSignal): Promise<TimedResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Read at every call: signing in or out in another tab changes what the next request carries.
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(path, { headers, signal: signal ?? null, cache: 'no-store' });
    const text = await response.text();
    return { status: response.status, statusText: response.statusText, ms: elapsed(), text };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : String(error);
    return { status: 0, statusText: '', ms: elapsed(), text: '', error: message || 'Network error' };
  }
}

/** The body as JSON when it is JSON, else the raw text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const MAX_SHOWN_CHARS = 20_000;

/** The body pretty-printed for a <pre>, cut short when huge so a big catalogue does not freeze the page. */
export function formatBody(text: string): string {
  const body = parseBody(text);
  const pretty = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  if (pretty.length <= MAX_SHOWN_CHARS) return pretty;
  return `${pretty.slice(0, MAX_SHOWN_CHARS)}\n… truncated: ${(pretty.length - MAX_SHOWN_CHARS).toLocaleString('en-NG')} more characters`;
}
