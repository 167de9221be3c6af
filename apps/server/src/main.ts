import { createServices } from '@caps/api';
import { seedDemoIfEmpty } from '@caps/api/seed';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  // A setting that cannot be used stops the start with its message alone.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const services = await createServices(config.database, config.services);
const app = await buildApp(config, { services });

if (config.seedDemoData) {
  const seeded = await seedDemoIfEmpty(services);
  if (seeded) app.log.info({ accounts: seeded.accounts }, 'seeded demo data');
}

/** How long a shutdown may take before the process exits anyway (a proxy or orchestrator waits about this long). */
const SHUTDOWN_LIMIT_MS = 10_000;

let closing = false;
/**
 * Graceful shutdown: app.close() first marks the process not ready (/readyz 503), stops accepting
 * connections (idle keep-alive ones are closed, new requests on busy ones get 503), waits for the requests
 * in flight and stops the jobs (app.ts onClose); then the database and Redis connections close. Exit 0
 * when all of that finished, 1 when it failed or took longer than SHUTDOWN_LIMIT_MS.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  force.unref();
  try {
    await app.close();
    await services.orm.close();
    app.log.info('shut down');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const { DEMO_ACCOUNTS } = await import('@caps/api/seed');
console.log(`\nCaps marketplace is running on http://localhost:${config.port}\n`);
console.log('Demo accounts (seeded on the first start of an empty database):');
for (const account of DEMO_ACCOUNTS)
  console.log(`  ${account.role.padEnd(8)} ${account.email.padEnd(32)} ${account.password}`);
console.log('');
