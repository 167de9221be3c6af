import { Redis } from 'ioredis';
import type { Orm } from './db/orm.js';
import { DomainError } from './errors.js';

/**
 * Redis (REDIS_URL) holds what the server processes must share: the rate limits (rate-limit.ts) and the
 * catalogue's "changed" signal (catalogue-totals.ts). docs/scaling.md, "Shared state on Redis".
 */

/** Every key and channel of the app starts with this, so the app can share a Redis server with others. */
export const REDIS_PREFIX = 'caps:';

/** The longest a call waits for Redis (a connection under way, a command) before giving up. */
export const REDIS_WAIT_MS = 1_000;

export const REDIS_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again shortly.';

/** Seconds a client is told to wait (Retry-After) when Redis cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

export const redisUnavailable = () =>
  new DomainError('SERVICE_UNAVAILABLE', REDIS_UNAVAILABLE_MESSAGE, undefined, RETRY_AFTER_SECONDS);

/**
 * A connection that fails fast rather than waits: no offline queue (a command sent while disconnected fails
 * at once), a command timeout, nothing resent after a reconnect (a counted attempt the caller was told
 * failed must not be counted later), and reconnection forever, at most a second apart, so the app
 * recovers by itself when Redis is back.
 */
function connectRedis(url: string, role: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_WAIT_MS,
    connectTimeout: 2 * REDIS_WAIT_MS,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_WAIT_MS),
    connectionName: `${REDIS_PREFIX}${role}`,
  });
  // The calls that need Redis report its failures (503) and ioredis reconnects by itself; without a
  // listener ioredis would print every refused connection.
  client.on('error', () => {});
  return client;
}

/**
 * Waits for the connection when it is being made (the first call after start, or after a reconnect):
 * at most REDIS_WAIT_MS, and not at all when Redis is known to be down. Then runs `call`. Any failure
 * (unreachable, timed out, refused) is 503 'Service temporarily unavailable'.
 */
export async function withRedis<T>(client: Redis, call: (client: Redis) => Promise<T>): Promise<T> {
  try {
    await connected(client);
    return await call(client);
  } catch {
    throw redisUnavailable();
  }
}

function connected(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  if (client.status !== 'connecting' && client.status !== 'connect') return Promise.reject(redisUnavailable());
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => () => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('close', onClose);
      outcome();
    };
    const onReady = settle(resolve);
    const onClose = settle(() => reject(redisUnavailable()));
    const timer = setTimeout(onClose, REDIS_WAIT_MS);
    client.once('ready', onReady);
    client.once('close', onClose);
  });
}

/** The two connections of one process: commands (limits, publishing), and the subscriber pub/sub needs. */
export interface RedisConnections {
  commands: Redis;
  subscriber: Redis;
}

/**
 * Opens the connections to REDIS_URL, closed with the services' database: every owner of services
 * (the server, the CLI, the tests) closes them through `services.orm.close()` already.
 */
export function openRedis(url: string, orm: Orm): RedisConnections {
  const connections = { commands: connectRedis(url, 'commands'), subscriber: connectRedis(url, 'subscriber') };
  const closeDatabase = orm.close.bind(orm);
  orm.close = async (force?: boolean) => {
    connections.commands.disconnect();
    connections.subscriber.disconnect();
    await closeDatabase(force);
  };
  return connections;
}
