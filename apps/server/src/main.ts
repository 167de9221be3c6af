import { createServices } from '@caps/api';
import { seedDemoIfEmpty } from '@caps/api/seed';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const services = await createServices(config.database, config.services);
const app = await buildApp(config, { services });

if (config.seedDemoData) {
  const seeded = await seedDemoIfEmpty(services);
  if (seeded) app.log.info({ accounts: seeded.accounts }, 'seeded demo data');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking connections, let running requests finish, then close the database.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await services.orm.close();
  process.exit(0);
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
