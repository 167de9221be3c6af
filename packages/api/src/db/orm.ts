import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MikroORM, type Options } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/knex';
import { LibSqlDriver } from '@mikro-orm/libsql';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { entities } from './entities.js';
import { postgresqlMigrations } from './migrations/postgresql/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

export type Dialect = 'sqlite' | 'postgresql';
export type Orm = MikroORM<LibSqlDriver | PostgreSqlDriver, EntityManager>;
export type Em = EntityManager;

export interface DatabaseConfig {
  /** postgres://... selects PostgreSQL; anything else means SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file, used when no PostgreSQL URL is given. */
  sqlitePath?: string | undefined;
  /**
   * PostgreSQL read replicas of the primary (DATABASE_READ_URLS, comma-separated). Only the public catalogue's
   * reads go to them (db/read.ts), each statement to one of them at random, again on the primary when it
   * fails there; every other query, every write and every transaction stays on the primary. Ignored on SQLite.
   */
  readUrls?: string[] | undefined;
  /** How long PostgreSQL may keep a request waiting (DB_*_TIMEOUT_MS); each field defaults as in DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: Partial<DatabaseTimeouts> | undefined;
  debug?: boolean;
}

/**
 * The waits that bound a request while PostgreSQL is down or silent (docs/scaling.md, "Faults"); a failure of any
 * is answered 503 SERVICE_UNAVAILABLE (errors.ts). Ignored on SQLite, a file in the process.
 */
export interface DatabaseTimeouts {
  /** Making a new connection, TCP and PostgreSQL's start-up both (pg's connectionTimeoutMillis). */
  connectMs: number;
  /** Waiting for a connection of the pool, a new one included (knex's acquireConnectionTimeout). */
  acquireMs: number;
  /**
   * One statement: PostgreSQL cancels it (statement_timeout), and the client stops waiting a moment later
   * (pg's query_timeout) when no answer comes at all, as from a database that stopped answering.
   */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, acquireMs: 5_000, statementMs: 5_000 };

/** The client waits this much longer than the server's statement_timeout, so a live server's cancel comes first. */
const CLIENT_WAIT_MARGIN_MS = 500;

const POSTGRES_URL = /^postgres(ql)?:\/\//;

export function dialectOf(config: DatabaseConfig): Dialect {
  return config.databaseUrl && POSTGRES_URL.test(config.databaseUrl) ? 'postgresql' : 'sqlite';
}

/**
 * The read replicas as MikroORM connection options, or an error naming the entry that is not a PostgreSQL
 * URL (by position, never by content: a URL may hold a password).
 */
export function replicaOptions(readUrls: readonly string[] | undefined): { name: string; clientUrl: string }[] {
  return (readUrls ?? []).map((raw, index) => {
    const url = raw.trim();
    const position = `DATABASE_READ_URLS entry ${index + 1}`;
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!POSTGRES_URL.test(url) || !parsed?.hostname) {
      throw new Error(
        `${position} is not a PostgreSQL URL: expected postgres://user:password@host:5432/database, comma-separated`,
      );
    }
    return { name: `read-${index + 1}`, clientUrl: url };
  });
}

/** DATABASE_READ_URLS as a list: comma-separated, blanks around and between commas ignored. */
export function parseReadUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/**
 * knex's options (MikroORM's driverOptions, merged into the knex configuration, `connection` into pg's
 * Client configuration) bounding every wait on PostgreSQL; without `statements`, no statement limit (migrations).
 */
function postgresDriverOptions(config: DatabaseConfig, { statements }: { statements: boolean }) {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...config.timeouts };
  return {
    acquireConnectionTimeout: timeouts.acquireMs,
    connection: {
      connectionTimeoutMillis: timeouts.connectMs,
      ...(statements
        ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + CLIENT_WAIT_MARGIN_MS }
        : {}),
    },
  };
}

export function ormOptions(config: DatabaseConfig, { statementTimeout = true } = {}): Options {
  const dialect = dialectOf(config);
  const common = {
    entities,
    extensions: [Migrator],
    debug: config.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // Without this a missing entity would only show up at the first query instead of at start.
    discovery: { warnWhenNoEntities: true, requireEntitiesArray: true },
  } satisfies Partial<Options>;
  if (dialect === 'postgresql') {
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: config.databaseUrl,
      pool: { min: 0, max: 10 },
      driverOptions: postgresDriverOptions(config, { statements: statementTimeout }),
      // Each replica gets a pool of the same size. Reads go to the primary unless a query asks for 'read'
      // (db/read.ts): only the public catalogue does, never a transaction or a read that follows a write.
      replicas: replicaOptions(config.readUrls),
      preferReadReplicas: false,
      migrations: {
        migrationsList: postgresqlMigrations,
        path: resolve(import.meta.dirname ?? '.', 'migrations/postgresql'),
        transactional: true,
        allOrNothing: true,
        snapshot: false,
        silent: true,
        emit: 'ts',
      },
    } as Options;
  }
  const file = resolve(config.sqlitePath ?? './data/caps.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  return {
    ...common,
    driver: LibSqlDriver,
    dbName: file,
    migrations: {
      migrationsList: sqliteMigrations,
      path: resolve(import.meta.dirname ?? '.', 'migrations/sqlite'),
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      emit: 'ts',
    },
  } as Options;
}

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(config: DatabaseConfig, { migrate = true } = {}): Promise<Orm> {
  // A malformed replica URL stops the start before anything connects.
  if (dialectOf(config) === 'postgresql') replicaOptions(config.readUrls);
  if (migrate && config.databaseUrl && dialectOf(config) === 'postgresql') {
    // A migration may rightly take longer than any request (an index on a big table): they run through an ORM
    // of their own, on the primary only and without the statement timeout, closed before the served one opens.
    const migrating = (await MikroORM.init(
      ormOptions({ databaseUrl: config.databaseUrl, timeouts: config.timeouts }, { statementTimeout: false }),
    )) as Orm;
    try {
      await migrateAlone(migrating, config.databaseUrl);
    } finally {
      await migrating.close(true);
    }
  }
  const orm = (await MikroORM.init(ormOptions(config))) as Orm;
  if (dialectOf(config) === 'sqlite') {
    // WAL lets readers go on while a writer commits; foreign keys are off by default in SQLite.
    await orm.em.getConnection().execute('PRAGMA journal_mode = WAL');
    await orm.em.getConnection().execute('PRAGMA foreign_keys = ON');
    await orm.em.getConnection().execute('PRAGMA busy_timeout = 5000');
    if (migrate) await orm.getMigrator().up();
  }
  return orm;
}

/** Any constant the processes of one deployment agree on: the key of the migrations' advisory lock. */
const MIGRATION_LOCK_KEY = 4_207_316_015;

/**
 * Migrates while holding a PostgreSQL advisory lock, on a connection of its own: several server processes
 * starting at once on an empty database (the compose file's replicas on their first start) would otherwise
 * run the first migration together, and all but one crash on its duplicate objects. The others wait, then
 * find nothing left to apply. The lock ends with its connection, so a crash cannot leave it held.
 */
async function migrateAlone(orm: Orm, databaseUrl: string): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await orm.getMigrator().up();
  } finally {
    await lock.end();
  }
}
