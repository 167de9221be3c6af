import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, customerInput, type TestEnv } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

describe('smoke', () => {
  it('registers and reads the profile', async () => {
    const result = await env.caller().auth.register(customerInput());
    expect(result.token).toHaveLength(43);
    const me = await env.caller(result.token).auth.me();
    expect(me.full_name).toBe('Amina Bello');
  });
});
