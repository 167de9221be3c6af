import { afterAll, beforeAll } from 'vitest';
import type { ServicesConfigOverrides } from '../src/services.js';
import { createTestEnv, type TestEnv } from './harness.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

/** The PUBLIC_URL of the tests that read links in emails (not the default, so a link from it shows). */
export const PUBLIC_URL = 'https://caps.example.ng';

/**
 * A test file's environment that sends email through a real SMTP server started for it: both are made
 * before the file's tests and closed after them. Read `env` and `smtp` inside tests (not at load time).
 */
export function withSmtpEnv(config: ServicesConfigOverrides = {}): { readonly env: TestEnv; readonly smtp: TestSmtp } {
  let env: TestEnv | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    env = await createTestEnv({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, ...config });
  });
  afterAll(async () => {
    await env?.close();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('withSmtpEnv: read env and smtp inside tests');
    return value;
  };
  return {
    get env() {
      return started(env);
    },
    get smtp() {
      return started(smtp);
    },
  };
}
