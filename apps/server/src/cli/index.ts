import { parseArgs } from 'node:util';
import {
  addMissingMiddleSizes,
  authService,
  createServices,
  DomainError,
  openDatabase,
  type Services,
} from '@caps/api';
import { DEMO_ACCOUNTS, seedDemo, seedDemoIfEmpty } from '@caps/api/seed';
import { emailField, personName, registrationPassword } from '@caps/contracts';
import type { z } from 'zod';
import { type AppConfig, ConfigError, loadConfig } from '../config.js';

/**
 * Operator commands, run with the server's own configuration (the same environment variables):
 *   seed [--reset]                                    demo data into an empty database, or replace everything
 *   create-admin --email E --password P [--name N]   create an admin, or promote and reset an existing user
 *   migrate                                           bring the database schema up to date
 *   images:backfill                                   make the 800 px size of images stored before it existed
 */

const USAGE = `Usage:
  npm run seed [-- --reset]
  npm run create-admin -- --email <email> --password <password> [--name <full name>]
  npm run migrate
  npm run images:backfill`;

/** A command-line mistake: printed without a stack trace, exit code 1. */
class UsageError extends Error {}

/** Parses one option with a contracts schema; a problem is collected so every mistake is reported at once. */
function check<T extends z.ZodType>(
  schema: T,
  flag: string,
  value: string | undefined,
  problems: string[],
): z.output<T> | undefined {
  if (value === undefined) {
    problems.push(`Missing --${flag}.`);
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push(`Invalid --${flag}: ${result.error.issues.map((i) => i.message).join('; ')}`);
  return undefined;
}

async function withServices<T>(config: AppConfig, run: (services: Services) => Promise<T>): Promise<T> {
  const services = await createServices(config.database, config.services);
  try {
    return await run(services);
  } finally {
    await services.orm.close(true);
  }
}

function where(config: AppConfig): string {
  // Never print a connection URL: it may hold a password.
  return config.database.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.database.sqlitePath}`;
}

async function seed(config: AppConfig, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { reset: { type: 'boolean', default: false } }, strict: true });
  const started = performance.now();
  const result = await withServices(config, (services) =>
    values.reset ? seedDemo(services, { reset: true }) : seedDemoIfEmpty(services),
  );
  if (!result) {
    console.log(`The database (${where(config)}) already has users; nothing seeded.`);
    console.log('Run `npm run seed -- --reset` to empty it and load the demo data instead.');
    return;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Seeded demo data into ${where(config)} in ${seconds} s${values.reset ? ' (after emptying it)' : ''}:`);
  console.log(
    `  ${Object.entries(result.counts)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
  );
  console.log('\nDemo accounts:');
  const rows = [
    ['role', 'email', 'password', 'name'],
    ...DEMO_ACCOUNTS.map((a) => [a.role, a.email, a.password, a.name]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd());
  console.log('\nEvery demo vendor uses the vendor password and every demo customer the customer password.');
}

async function createAdmin(config: AppConfig, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  // Checked before touching the database, with the same rules and messages as registration.
  const problems: string[] = [];
  const email = check(emailField, 'email', values.email, problems);
  const password = check(registrationPassword, 'password', values.password, problems);
  const fullName = values.name === undefined ? undefined : check(personName, 'name', values.name, problems);
  if (email === undefined || password === undefined || problems.length > 0) throw new UsageError(problems.join('\n'));
  const user = await withServices(config, (services) =>
    authService.createAdmin(services.orm.em.fork(), { email, password, fullName }),
  );
  console.log(`Admin ready in ${where(config)}: ${user.email} (${user.fullName}, id ${user.id}).`);
  console.log('Sign in at /admin/auth with this email and password.');
}

async function migrate(config: AppConfig): Promise<void> {
  const orm = await openDatabase(config.database, { migrate: false });
  try {
    const applied = await orm.getMigrator().up();
    if (applied.length === 0) console.log(`${where(config)} is up to date.`);
    else
      console.log(
        `Applied ${applied.length} migration(s) to ${where(config)}: ${applied.map((m) => m.name).join(', ')}`,
      );
  } finally {
    await orm.close(true);
  }
}

/**
 * The middle size (`-md.webp`) of every image a product or shop names, made from the large one where missing.
 * The server makes a missing one on its first request; a bucket served straight to browsers (S3_PUBLIC_URL) is
 * never asked through the server, so run this once after upgrading.
 */
async function backfillImages(config: AppConfig): Promise<void> {
  const found = await withServices(config, (services) => addMissingMiddleSizes(services));
  console.log(
    `Images in ${where(config)}: ${found.present} had the middle size, ${found.made} made, ${found.failed} failed, ${found.missing} missing.`,
  );
  if (found.failed > 0) throw new Error(`${found.failed} image(s) could not be resized; run the command again.`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const config = loadConfig();
    switch (command) {
      case 'seed':
        await seed(config, args);
        return 0;
      case 'create-admin':
        await createAdmin(config, args);
        return 0;
      case 'migrate':
        await migrate(config);
        return 0;
      case 'images:backfill':
        await backfillImages(config);
        return 0;
      case 'help':
      case '--help':
      case '-h':
        console.log(USAGE);
        return 0;
      default:
        console.error(command ? `Unknown command: ${command}\n` : 'No command given.\n');
        console.error(USAGE);
        return 1;
    }
  } catch (error) {
    // parseArgs throws TypeErrors with codes for unknown or malformed options.
    const isArgError = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || isArgError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 1;
    }
    if (error instanceof DomainError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
