import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ACCESS_LABELS, DEV_ENDPOINTS, type DevEndpoint, resolvePath, UnresolvedPathError } from './dev-endpoints';
import { DevPage, RunButton, StatusBadge } from './dev-ui';
import { formatBody, isSuccess, type TimedResponse, timedGet } from './timed-fetch';

/** What one Run gave: the answer with the path actually called, or why no call could be made. */
type CallResult =
  | { kind: 'answered'; calledPath: string; response: TimedResponse; prettyBody: string }
  | { kind: 'unresolved'; message: string };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function callEndpoint(endpoint: DevEndpoint, signal: AbortSignal): Promise<CallResult> {
  let calledPath: string;
  try {
    calledPath = await resolvePath(endpoint, signal);
  } catch (error) {
    if (error instanceof UnresolvedPathError) return { kind: 'unresolved', message: error.message };
    throw error;
  }
  const response = await timedGet(calledPath, signal);
  // Formatted once here, not on every render of the eighteen rows.
  return { kind: 'answered', calledPath, response, prettyBody: formatBody(response.text) };
}

/** The one-line outcome read out after a call, e.g. "GET /api/cart: 401 Unauthorized in 12 ms". */
function announcementOf(endpoint: DevEndpoint, result: CallResult): string {
  if (result.kind === 'unresolved') return `GET ${endpoint.path}: ${result.message}`;
  const { response } = result;
  const status = response.status === 0 ? 'network error' : `${response.status} ${response.statusText}`.trim();
  return `GET ${result.calledPath}: ${status} in ${response.ms} ms`;
}

/** /backend-test: runs the GET calls of spec 7 with the stored token and shows status, time and body. */
export function BackendTestPage() {
  const [results, setResults] = useState<Partial<Record<string, CallResult>>>({});
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const [runningAll, setRunningAll] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Calls still in flight when the page is left are cancelled rather than left to update nothing.
  const abortRef = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, []);

  const setRowRunning = (path: string, isRunning: boolean) =>
    setRunning((previous) => {
      const next = new Set(previous);
      if (isRunning) next.add(path);
      else next.delete(path);
      return next;
    });

  /** Runs one call and records its result; null when the page was left meanwhile. */
  async function run(endpoint: DevEndpoint): Promise<CallResult | null> {
    setRowRunning(endpoint.path, true);
    try {
      const result = await callEndpoint(endpoint, abortRef.current.signal);
      setResults((previous) => ({ ...previous, [endpoint.path]: result }));
      setAnnouncement(announcementOf(endpoint, result));
      return result;
    } catch (error) {
      if (isAbort(error)) return null;
      throw error;
    } finally {
      setRowRunning(endpoint.path, false);
    }
  }

  async function runAll() {
    setRunningAll(true);
    setResults({});
    let succeeded = 0;
    let failed = 0;
    try {
      // One after another: parallel calls would slow each other down and blur the timings.
      for (const endpoint of DEV_ENDPOINTS) {
        const result = await run(endpoint);
        if (result === null) return;
        if (result.kind === 'answered' && isSuccess(result.response)) succeeded++;
        else failed++;
      }
      setAnnouncement(`Ran ${DEV_ENDPOINTS.length} calls: ${succeeded} answered 2xx, ${failed} did not.`);
    } finally {
      setRunningAll(false);
    }
  }

  return (
    <DevPage
      title="Backend Test"
      intro="A developer page: each button GETs one endpoint of the API and shows the HTTP status, the time it took and the body. Nothing is changed on the server."
    >
      <Card className="mt-6">
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Endpoints</CardTitle>
            <CardDescription>
              Calls needing another role answer 401 or 403: that is the expected result, not a fault.
            </CardDescription>
          </div>
          <RunButton onClick={() => void runAll()} running={runningAll} className="self-start">
            Run All
          </RunButton>
        </CardHeader>
        <CardContent>
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <ul className="divide-y divide-border border-y border-border">
            {DEV_ENDPOINTS.map((endpoint) => (
              <EndpointRow
                key={endpoint.path}
                endpoint={endpoint}
                result={results[endpoint.path]}
                isRunning={running.has(endpoint.path)}
                disabled={runningAll}
                onRun={() => void run(endpoint)}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
    </DevPage>
  );
}

interface EndpointRowProps {
  endpoint: DevEndpoint;
  result: CallResult | undefined;
  isRunning: boolean;
  disabled: boolean;
  onRun: () => void;
}

function EndpointRow({ endpoint, result, isRunning, disabled, onRun }: EndpointRowProps) {
  const name = `GET ${endpoint.path}`;
  const headingId = `backend-test-${endpoint.path.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="min-w-0 break-all font-mono text-sm font-semibold">
          <span className="text-primary">GET</span> {endpoint.path}
        </h3>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground">
          {ACCESS_LABELS[endpoint.access]}
        </span>
        <Button
          size="sm"
          variant="outline"
          onClick={onRun}
          disabled={disabled || isRunning}
          aria-busy={isRunning}
          aria-label={`Run ${name}`}
          className="ml-auto"
        >
          {isRunning ? <Spinner /> : null} Run
        </Button>
      </div>
      {result?.kind === 'answered' ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <StatusBadge response={result.response} />
            <span className="font-mono tabular-nums">{result.response.ms} ms</span>
            {result.calledPath !== endpoint.path ? (
              <span className="break-all font-mono text-xs text-muted-foreground">called {result.calledPath}</span>
            ) : null}
          </div>
          {result.response.error ? (
            <p className="text-sm text-destructive">{result.response.error}</p>
          ) : (
            <details className="rounded-lg border border-border bg-muted">
              <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium">
                Response body ({result.response.text.length.toLocaleString('en-NG')} characters)
              </summary>
              <pre
                // A long body scrolls inside the box; a keyboard user scrolls it after tabbing to it.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
                tabIndex={0}
                className="max-h-96 overflow-auto border-t border-border p-3 text-xs leading-relaxed"
              >
                {result.prettyBody}
              </pre>
            </details>
          )}
        </div>
      ) : result?.kind === 'unresolved' ? (
        <p className="text-sm text-warning-foreground">{result.message}</p>
      ) : null}
    </li>
  );
}
