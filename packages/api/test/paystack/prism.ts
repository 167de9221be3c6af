import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * Prism (@stoplight/prism-cli, a root devDependency) serving a mock of an OpenAPI description, started by a
 * test on a free port of 127.0.0.1. With `--errors` it refuses a request that breaks the description (400 or
 * 422) and names every violation in its `sl-violations` header.
 */
export interface PrismMock {
  url: string;
  stop(): Promise<void>;
}

/** Prism's own entry point, run with this Node (no npx, nothing fetched). */
function prismBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (bin.prism as string));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const STARTUP_MS = 45_000;

/** Resolves once Prism says it listens; rejects (and kills it) when it exits first or takes too long. */
function started(child: ChildProcess, url: string): Promise<void> {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', onOutput);
      child.stderr?.off('data', onOutput);
      child.off('exit', onExit);
      if (!error) return resolve();
      child.kill('SIGKILL');
      reject(error);
    };
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Prism is listening')) done();
    };
    const onExit = (code: number | null) =>
      done(new Error(`Prism exited (${code}) before listening on ${url}:\n${output}`));
    const timer = setTimeout(
      () => done(new Error(`Prism did not start within ${STARTUP_MS} ms:\n${output}`)),
      STARTUP_MS,
    );
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.once('exit', onExit);
  });
}

/** Starts `prism mock <document> --errors` and answers once it listens. */
export async function startPrism(document: string): Promise<PrismMock> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [prismBin(), 'mock', document, '--host', '127.0.0.1', '--port', String(port), '--errors', '--cors', 'false'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await started(child, url);
  // Its log is not read after the start; leaving the pipes unread would stall it once they fill.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
