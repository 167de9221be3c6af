/**
 * npx tsx scripts/bench-password-reset.ts — how long POST /api/password/forgot takes for an email with an
 * account and for one without (issue 25, finding 5: the difference told which emails have accounts).
 *
 * The whole app on a fresh test database (SQLite; PostgreSQL with TEST_DIALECT=postgresql and
 * TEST_DATABASE_URL), driven with app.inject: BENCH_REQUESTS (default 200) requests alternating a known and
 * an unknown email, each known email used once and each request from its own address (no limit silences
 * one), the deferred work of one request finished before the next is sent. Prints the median and p90 of
 * each kind. Figures are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { createRestTestEnv } from '../apps/server/test/harness.js';
import { afterAnswerSettled } from '../packages/api/src/after-answer.js';
import { makeUser } from '../packages/api/test/fixtures.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const env = await createRestTestEnv();
try {
  const known: string[] = [];
  for (let i = 0; i < REQUESTS / 2 + 10; i++) known.push((await makeUser(env.services.orm.em.fork())).email);
  const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
  let ip = 0;
  const ask = async (email: string) => {
    ip += 1;
    const started = performance.now();
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email },
      remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    await afterAnswerSettled(env.services);
    return elapsed;
  };
  // Warm-up: the first requests pay for compiled schemas and prepared statements.
  for (let i = 0; i < 10; i++) {
    await ask(known[REQUESTS / 2 + i] as string);
    await ask(`warm.${i}@nowhere.example`);
  }
  for (let i = 0; i < REQUESTS / 2; i++) {
    times.known.push(await ask(known[i] as string));
    times.unknown.push(await ask(`nobody.${i}.${Date.now()}@nowhere.example`));
  }
  const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  for (const kind of ['known', 'unknown'] as const) {
    const sorted = [...times[kind]].sort((a, b) => a - b);
    console.log(
      `${env.db.dialect} ${kind.padEnd(7)} median ${at(sorted, 0.5).toFixed(2)} ms  p90 ${at(sorted, 0.9).toFixed(2)} ms  (${sorted.length} requests)`,
    );
  }
} finally {
  await env.close();
}
