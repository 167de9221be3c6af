import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import pg from 'pg';
import { ZodError } from 'zod';
import { OffsetClock } from '../src/clock.js';
import { type Context, createContext, type Services } from '../src/context.js';
import type { DatabaseConfig } from '../src/db/orm.js';
import { DomainError } from '../src/errors.js';
import { SessionSchema } from '../src/modules/auth/auth.entities.js';
import { newToken, tokenDigest } from '../src/modules/auth/tokens.js';
import { createCaller } from '../src/root.js';
import { createServices, type ServicesConfigOverrides } from '../src/services.js';
import { fieldErrorsOf } from '../src/validation.js';

/**
 * A fresh database for one test file: a temporary SQLite file, or (TEST_DIALECT=postgresql) a new
 * PostgreSQL database made from TEST_DATABASE_URL and dropped afterwards.
 */
export interface TestDatabase {
  dialect: 'sqlite' | 'postgresql';
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export const testDialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgresql';

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect === 'postgresql') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl)
      throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL suite needs a server to create its databases on.');
    const name = `caps_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      dialect: 'postgresql',
      config: { databaseUrl: url.toString() },
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'caps-test-'));
  return {
    dialect: 'sqlite',
    config: { sqlitePath: join(dir, 'test.sqlite') },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestEnv {
  db: TestDatabase;
  services: Services;
  /** The services' clock: move it to pass a return window or a payout pause. */
  clock: OffsetClock;
  uploadDir: string;
  /** A tRPC caller as a request with this bearer token (or none) would get. */
  caller(token?: string, ip?: string): ReturnType<typeof createCaller>;
  context(token?: string, ip?: string): Context;
  close(): Promise<void>;
}

export async function createTestEnv(config: ServicesConfigOverrides = {}): Promise<TestEnv> {
  const db = await createTestDatabase();
  const uploadDir = mkdtempSync(join(tmpdir(), 'caps-uploads-'));
  const clock = new OffsetClock();
  const services = await createServices(db.config, { nodeEnv: 'test', uploadDir, ...config }, { clock });
  const context = (token?: string, ip = '127.0.0.1') =>
    createContext(services, { ip, userAgent: 'vitest', authorization: token ? `Bearer ${token}` : undefined });
  return {
    db,
    services,
    clock,
    uploadDir,
    context,
    caller: (token, ip) => createCaller(context(token, ip)),
    async close() {
      await services.orm.close(true);
      await db.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid customer registration. */
export function customerInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    full_name: 'Amina Bello',
    email: `amina.${Date.now()}.${counter}@example.com`,
    phone: '+2348031234567',
    password: 'Secret123',
    password_confirmation: 'Secret123',
    ...overrides,
  };
}

/** A unique, valid vendor registration (without images). */
export function vendorInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    full_name: 'Musa Ibrahim',
    email: `musa.${Date.now()}.${counter}@example.com`,
    phone: '+2348051234567',
    password: 'Secret123',
    password_confirmation: 'Secret123',
    role: 'vendor' as const,
    shop_name: 'Musa Caps House',
    shop_description: 'Hand-embroidered caps from Maiduguri since 1998.',
    address: '12 Baga Road, Maiduguri, Borno State',
    account_holder_name: 'Musa Ibrahim',
    account_number: '0123456789',
    bank_name: 'Zenith Bank',
    ...overrides,
  };
}

/** The failure of a tRPC call: its code, message and field messages (fails the test if the call succeeds). */
export async function failureOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause;
    return {
      code: error.code,
      message: error.message,
      fields:
        cause instanceof ZodError
          ? fieldErrorsOf(cause)
          : cause instanceof DomainError
            ? (cause.fieldErrors ?? {})
            : {},
    };
  }
  throw new Error('expected the call to fail');
}

/** A bearer token for a user made straight in the database (argon2 for every test user would be slow). */
export async function sessionTokenFor(services: Services, userId: number): Promise<string> {
  const em = services.orm.em.fork();
  const token = newToken();
  em.create(SessionSchema, {
    user: userId,
    tokenHash: tokenDigest(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await em.flush();
  return token;
}
