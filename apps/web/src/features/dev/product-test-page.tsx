import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AUTH_TOKEN_KEY, subscribeToSession, USER_KEY } from '@/lib/auth-storage';
import { useTRPCClient } from '@/lib/trpc';
import { isSuccess, parseBody, timedGet } from './timed-fetch';
import { toClientProduct } from './to-client-product';

/** What one test run produced: a one-line summary and the raw data behind it. */
interface TestResult {
  ok: boolean;
  summary: string;
  data: unknown;
}

type TestName = 'api' | 'transform' | 'service';

const TESTS: { name: TestName; title: string; description: string; button: string }[] = [
  {
    name: 'api',
    title: 'API Test',
    description: 'GET /api/products with the stored bearer token, if any.',
    button: 'Run API Test',
  },
  {
    name: 'transform',
    title: 'Product Transformation Test',
    description: 'The first product of GET /api/products, mapped to the client view.',
    button: 'Run Transformation Test',
  },
  {
    name: 'service',
    title: 'Product Service Test',
    description: 'The catalogue list through the tRPC client (catalogue.list).',
    button: 'Run Service Test',
  },
];

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

// The raw stored values, so the page reports what is held, not only what the app would accept.
const hasStoredToken = () => readStorage(AUTH_TOKEN_KEY) !== null;
const hasStoredUser = () => readStorage(USER_KEY) !== null;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface ProductsResponse {
  status: number;
  statusText: string;
  ok: boolean;
  ms: number;
  body: unknown;
}

/** GET /api/products exactly as the server answers it: status, timing and body, even when not OK. */
async function fetchProducts(): Promise<ProductsResponse> {
  const answer = await timedGet('/api/products');
  // No answer at all (server down): the test could not run, which run() reports as an error.
  if (answer.error !== undefined) throw new Error(answer.error);
  const { status, statusText, ms, text } = answer;
  return { status, statusText, ok: isSuccess(answer), ms, body: parseBody(text) };
}

function firstProductOf(body: unknown): unknown {
  if (Array.isArray(body)) return body[0];
  if (typeof body === 'object' && body !== null && 'data' in body && Array.isArray(body.data)) return body.data[0];
  return undefined;
}

/** /product-test: a developer page that checks the product calls and shows their raw results. */
export function ProductTestPage() {
  const trpcClient = useTRPCClient();
  const [results, setResults] = useState<Partial<Record<TestName, TestResult>>>({});
  const [running, setRunning] = useState<TestName | null>(null);
  const hasToken = useSyncExternalStore(subscribeToSession, hasStoredToken);
  const hasUser = useSyncExternalStore(subscribeToSession, hasStoredUser);

  const runners: Record<TestName, () => Promise<TestResult>> = {
    async api() {
      const response = await fetchProducts();
      return {
        ok: response.ok,
        summary: `Status: ${response.status} ${response.statusText} in ${response.ms} ms`,
        data: response.body,
      };
    },
    async transform() {
      const response = await fetchProducts();
      if (!response.ok) {
        return { ok: false, summary: `Status: ${response.status}: nothing to transform`, data: response.body };
      }
      const serverProduct = firstProductOf(response.body);
      if (serverProduct === undefined) {
        return { ok: true, summary: 'The server returned no products: nothing to transform', data: response.body };
      }
      return {
        ok: true,
        summary: 'First product transformed',
        data: { server: serverProduct, client: toClientProduct(serverProduct) },
      };
    },
    async service() {
      const started = performance.now();
      const page = await trpcClient.catalogue.list.query({});
      const ms = Math.round(performance.now() - started);
      return {
        ok: true,
        summary: `Loaded ${page.data.length} of ${page.total} products in ${ms} ms`,
        data: page,
      };
    },
  };

  async function run(name: TestName) {
    setRunning(name);
    let result: TestResult;
    try {
      result = await runners[name]();
    } catch (error) {
      result = { ok: false, summary: `Error: ${errorText(error)}`, data: { error: errorText(error) } };
    }
    setResults((previous) => ({ ...previous, [name]: result }));
    setRunning(null);
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <title>Product Test | Caps Marketplace</title>
      <h1 className="text-3xl font-bold">Product Test</h1>
      <p className="mt-2 max-w-prose text-muted-foreground">
        A developer page: each button calls the server and prints the raw result.
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Local Storage</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-1 font-mono text-sm">
            <li>Auth token: {hasToken ? 'present' : 'not stored'}</li>
            <li>User record: {hasUser ? 'present' : 'not stored'}</li>
          </ul>
        </CardContent>
      </Card>

      <div className="mt-6 flex flex-col gap-6">
        {TESTS.map((test) => {
          const result = results[test.name];
          const isRunning = running === test.name;
          const outputId = `product-test-${test.name}-output`;
          return (
            <Card key={test.name} aria-labelledby={`${outputId}-title`} role="region">
              <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex flex-col gap-1.5">
                  <CardTitle id={`${outputId}-title`}>{test.title}</CardTitle>
                  <CardDescription>{test.description}</CardDescription>
                </div>
                <Button
                  onClick={() => void run(test.name)}
                  disabled={running !== null}
                  aria-busy={isRunning}
                  aria-controls={outputId}
                  className="self-start"
                >
                  {isRunning ? (
                    <>
                      <Spinner /> Running...
                    </>
                  ) : (
                    test.button
                  )}
                </Button>
              </CardHeader>
              <CardContent id={outputId}>
                <p
                  role="status"
                  className={result && !result.ok ? 'text-sm font-semibold text-destructive' : 'text-sm font-semibold'}
                >
                  {result ? result.summary : 'Not run yet.'}
                </p>
                {result ? (
                  <section
                    // Long results scroll inside the box; a keyboard user scrolls it after tabbing to it.
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
                    tabIndex={0}
                    aria-label={`${test.title} result`}
                    className="mt-3 max-h-96 overflow-auto rounded-lg border border-border bg-muted p-3"
                  >
                    <pre className="text-xs leading-relaxed">{JSON.stringify(result.data, null, 2)}</pre>
                  </section>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
