import type { ConnectionType } from '@mikro-orm/core';
import type { EntityData, QueryResult } from '@mikro-orm/knex';
import type { Em, Orm } from './orm.js';

/**
 * Where a read goes: 'read' is one of the read replicas (DATABASE_READ_URLS), 'write' the primary. Without
 * replicas (and always on SQLite) both are the primary.
 *
 * MikroORM is set up with preferReadReplicas: false, so every query goes to the primary unless it asks for
 * 'read'. Only the public catalogue asks (product list and page, their totals, search, shops, sitemap):
 * what anyone may see, where a replica a moment behind does no harm. A read that decides a write (adding
 * to a cart, checking stock) or that shows someone what they just wrote (a vendor's own caps) stays on the
 * primary, as does anything inside a transaction.
 */
export type ReadFrom = ConnectionType;

/** `from`, unless `em` is inside a transaction: a transaction's reads are its own, on the primary. */
export function connectionFor(em: Em, from: ReadFrom): ReadFrom {
  return from === 'read' && !em.isInTransaction() ? 'read' : 'write';
}

/**
 * Runs `read` on a replica when `from` is 'read' and `em` is in no transaction, else on the primary. A read
 * that fails on the replica (down, restarting, behind on migrations, a query cancelled by its recovery) is
 * run again on the primary: a replica can make the catalogue slower, never make it fail.
 */
export async function readWith<T>(em: Em, from: ReadFrom, read: (connection: ReadFrom) => Promise<T>): Promise<T> {
  if (connectionFor(em, from) === 'write') return read('write');
  try {
    return await read('read');
  } catch {
    return read('write');
  }
}

/**
 * One read-only statement (parameterised with ?) as readWith places it; on the primary it runs as
 * em.execute does, inside em's transaction when there is one.
 */
export function readRows<T extends QueryResult | EntityData<object> | EntityData<object>[]>(
  em: Em,
  from: ReadFrom,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T> {
  return readWith(em, from, (connection) =>
    connection === 'write'
      ? em.execute<T>(sql, [...params])
      : em.getConnection('read').execute<T>(sql, [...params], 'all'),
  );
}

/**
 * Every read replica's connection (none without DATABASE_READ_URLS or on SQLite), for health checks:
 * MikroORM picks one at random per query and keeps the list to itself.
 */
export function replicaConnections(orm: Orm): ReturnType<Em['getConnection']>[] {
  // MikroORM's driver holds its replicas in a protected field; reading it is the only way to reach each one.
  const driver = orm.em.getDriver() as unknown as { replicas?: ReturnType<Em['getConnection']>[] };
  return [...(driver.replicas ?? [])];
}
