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
  debug?: boolean;
}

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

export function ormOptions(config: DatabaseConfig): Options {
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
  const orm = (await MikroORM.init(ormOptions(config))) as Orm;
  if (dialectOf(config) === 'sqlite') {
    // WAL lets readers go on while a writer commits; foreign keys are off by default in SQLite.
    await orm.em.getConnection().execute('PRAGMA journal_mode = WAL');
    await orm.em.getConnection().execute('PRAGMA foreign_keys = ON');
    await orm.em.getConnection().execute('PRAGMA busy_timeout = 5000');
  }
  if (migrate) {
    if (config.databaseUrl && dialectOf(config) === 'postgresql') await migrateAlone(orm, config.databaseUrl);
    else await orm.getMigrator().up();
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
