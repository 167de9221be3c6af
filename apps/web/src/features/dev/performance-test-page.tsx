import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { DEV_ENDPOINTS, endpointByPath, resolvePath, UnresolvedPathError } from './dev-endpoints';
import { DevPage, RunButton } from './dev-ui';
import { isSuccess, timedGet } from './timed-fetch';

const MAX_REQUESTS = 200;
const MAX_CONCURRENCY = 10;
const DEFAULT_PATH = '/api/products';

/** One finished request: its place in the run, how long it took and what it answered (0: no answer). */
interface Sample {
  index: number;
  ms: number;
  status: number;
}

type Run =
  | { phase: 'idle' }
  | { phase: 'running'; path: string; total: number; samples: Sample[] }
  | { phase: 'finished' | 'cancelled'; path: string; total: number; samples: Sample[]; wallMs: number };

interface Stats {
  count: number;
  errors: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
}

/** A whole number from 1 to `max`, or null: a count field accepts nothing else. */
function parseCount(value: string, max: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

const rangeMessage = (max: number) => `Enter a number from 1 to ${max}`;

/** The nearest-rank percentile of sorted durations: a value that was actually measured. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? 0;
}

function statsOf(samples: Sample[], wallMs: number): Stats {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const sum = sorted.reduce((total, ms) => total + ms, 0);
  return {
    count: samples.length,
    errors: samples.filter((sample) => !isSuccess(sample)).length,
    min: sorted[0] ?? 0,
    mean: sorted.length ? sum / sorted.length : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? 0,
    perSecond: wallMs > 0 ? samples.length / (wallMs / 1000) : 0,
  };
}

const formatMs = (ms: number) => `${ms.toLocaleString('en-NG', { maximumFractionDigits: 1 })} ms`;

/** /performance-test: fires one GET of spec 7 many times, a few at once, and sums up the timings. */
export function PerformanceTestPage() {
  const [path, setPath] = useState(DEFAULT_PATH);
  const [count, setCount] = useState('20');
  const [concurrency, setConcurrency] = useState('4');
  const [errors, setErrors] = useState<{ count?: string; concurrency?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);
  // Leaving the page stops a run rather than letting it fire on in the background.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const isRunning = run.phase === 'running';

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isRunning) return;
    const total = parseCount(count, MAX_REQUESTS);
    const workers = parseCount(concurrency, MAX_CONCURRENCY);
    const found = {
      count: total === null ? rangeMessage(MAX_REQUESTS) : undefined,
      concurrency: workers === null ? rangeMessage(MAX_CONCURRENCY) : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (total === null || workers === null) return;

    const controller = new AbortController();
    controllerRef.current = controller;
    const samples: Sample[] = [];
    setRun({ phase: 'running', path, total, samples: [] });
    let calledPath: string;
    try {
      calledPath = await resolvePath(endpointByPath(path), controller.signal);
    } catch (error) {
      setRun({ phase: 'idle' });
      if (error instanceof UnresolvedPathError) setFailure(error.message);
      else if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
      return;
    }

    const started = performance.now();
    let next = 0;
    // Each worker takes the next request number until all are taken: at most `workers` in flight.
    const worker = async () => {
      while (next < total) {
        const index = next++;
        const response = await timedGet(calledPath, controller.signal);
        samples.push({ index, ms: response.ms, status: response.status });
        setRun({ phase: 'running', path: calledPath, total, samples: [...samples] });
      }
    };
    let phase: 'finished' | 'cancelled' = 'finished';
    try {
      await Promise.all(Array.from({ length: Math.min(workers, total) }, worker));
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
      phase = 'cancelled';
    }
    const wallMs = performance.now() - started;
    if (controllerRef.current === controller) controllerRef.current = null;
    setRun({ phase, path: calledPath, total, samples: [...samples], wallMs });
  }

  return (
    <DevPage
      title="Performance Test"
      intro="A developer page: fires one GET endpoint of the API many times, a few at once, and sums up how long the answers took."
    >
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Settings</CardTitle>
          <CardDescription>Only GET calls: a run changes nothing on the server.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            aria-label="Performance test"
            noValidate
            onSubmit={(event) => void start(event)}
            className="flex flex-col gap-4"
          >
            <FormField label="Endpoint">
              {(control) => (
                <Select
                  {...control}
                  value={path}
                  onChange={(event) => setPath(event.target.value)}
                  disabled={isRunning}
                  className="font-mono"
                >
                  {DEV_ENDPOINTS.map((endpoint) => (
                    <option key={endpoint.path} value={endpoint.path}>
                      GET {endpoint.path}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <CountField
                label="Number of requests"
                hint={`From 1 to ${MAX_REQUESTS}.`}
                max={MAX_REQUESTS}
                value={count}
                onChange={setCount}
                error={errors.count}
                disabled={isRunning}
              />
              <CountField
                label="Concurrency"
                hint={`Requests in flight at once, from 1 to ${MAX_CONCURRENCY}.`}
                max={MAX_CONCURRENCY}
                value={concurrency}
                onChange={setConcurrency}
                error={errors.concurrency}
                disabled={isRunning}
              />
            </div>
            <FormAlert message={failure} />
            <div className="flex flex-wrap gap-2">
              <RunButton type="submit" running={isRunning}>
                Run
              </RunButton>
              <Button variant="outline" onClick={() => controllerRef.current?.abort()} disabled={!isRunning}>
                Cancel
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {run.phase === 'idle' ? null : <RunReport run={run} />}
    </DevPage>
  );
}

interface CountFieldProps {
  label: string;
  hint: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}

/** A whole-number field from 1 to `max`; the text is kept as typed and checked on Run. */
function CountField({ label, hint, max, value, onChange, error, disabled }: CountFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
        />
      )}
    </FormField>
  );
}

function RunReport({ run }: { run: Exclude<Run, { phase: 'idle' }> }) {
  const done = run.samples.length;
  const heading =
    run.phase === 'running'
      ? `Running: ${done} of ${run.total} requests done`
      : run.phase === 'cancelled'
        ? `Cancelled after ${done} of ${run.total} requests`
        : `Finished ${done} requests`;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Results</CardTitle>
        <CardDescription className="break-all font-mono">GET {run.path}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <p
            role="status"
            // Read out when the run ends, not at every request: 200 messages would drown a screen reader.
            aria-live={run.phase === 'running' ? 'off' : 'polite'}
            className="text-sm font-semibold"
          >
            {heading}
          </p>
          <progress
            aria-label="Requests done"
            value={done}
            max={run.total}
            className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          />
        </div>
        {run.phase === 'running' || done === 0 ? null : <Summary stats={statsOf(run.samples, run.wallMs)} />}
        {done > 0 ? <DurationBars samples={run.samples} /> : null}
      </CardContent>
    </Card>
  );
}

function Summary({ stats }: { stats: Stats }) {
  const rows: [string, string][] = [
    ['Requests', String(stats.count)],
    ['Errors', String(stats.errors)],
    ['Min', formatMs(stats.min)],
    ['Mean', formatMs(stats.mean)],
    ['p50', formatMs(stats.p50)],
    ['p95', formatMs(stats.p95)],
    ['Max', formatMs(stats.max)],
    ['Requests/second', stats.perSecond.toLocaleString('en-NG', { maximumFractionDigits: 1 })],
  ];
  return (
    <section aria-labelledby="performance-summary-title">
      <h3 id="performance-summary-title" className="text-base font-semibold">
        Summary
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {rows.map(([term, value]) => (
          <div
            key={term}
            className={cn(
              'rounded-lg border border-border p-3',
              term === 'Errors' && stats.errors > 0 ? 'border-destructive/40 bg-destructive/5' : 'bg-muted',
            )}
          >
            <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
            <dd className="font-mono text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One bar per request, in the order they were sent, scaled to the slowest; failures in red. */
function DurationBars({ samples }: { samples: Sample[] }) {
  const ordered = [...samples].sort((a, b) => a.index - b.index);
  const slowest = Math.max(1, ...ordered.map((sample) => sample.ms));
  return (
    <section aria-labelledby="performance-bars-title">
      <h3 id="performance-bars-title" className="text-base font-semibold">
        Durations
      </h3>
      <ol
        // 200 rows scroll inside the box; a keyboard user scrolls it after tabbing to it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label="Request durations"
        className="mt-2 flex max-h-96 flex-col gap-1 overflow-auto rounded-lg border border-border p-3"
      >
        {ordered.map((sample) => {
          const failed = !isSuccess(sample);
          return (
            <li key={sample.index} className="grid grid-cols-[3rem_1fr_6.5rem] items-center gap-2 text-xs">
              <span className="text-muted-foreground tabular-nums">#{sample.index + 1}</span>
              <span className="h-3 rounded-sm bg-muted" aria-hidden="true">
                <span
                  className={cn('block h-full rounded-sm', failed ? 'bg-destructive' : 'bg-primary')}
                  style={{ width: `${Math.max(1, (sample.ms / slowest) * 100)}%` }}
                />
              </span>
              <span className="text-right font-mono tabular-nums">
                {formatMs(sample.ms)}
                {failed ? <span className="text-destructive"> ({sample.status || 'error'})</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
