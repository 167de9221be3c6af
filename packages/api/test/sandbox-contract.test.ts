import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PaystackSandbox, SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD } from '../src/modules/payment/sandbox.js';

/**
 * The sandbox must answer like Paystack: its initialize and verify answers are checked against the
 * response schemas of Paystack's own OpenAPI description (MIT, copied beside this test from
 * shared/reference so the suite runs anywhere).
 */
const document = parse(readFileSync(join(import.meta.dirname, 'paystack/paystack-openapi.yaml'), 'utf8')) as {
  components: Record<string, unknown>;
};

/** OpenAPI 3.0's `nullable` in JSON Schema terms: a null type added, or no constraint where no type is given. */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, jsonSchemaOf(v)]));
  if (nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'paystack', components: jsonSchemaOf(document.components) });
const validator = (name: string) => ajv.compile({ $ref: `paystack#/components/schemas/${name}` });

describe('the payment sandbox answers as Paystack does', () => {
  const sandbox = new PaystackSandbox();

  it('initialize validates against TransactionInitializeResponse', () => {
    const answer = sandbox.initialize({
      email: 'a@example.com',
      amount: 2_450_000,
      reference: 'CAPS-1-abc',
      callback_url: 'http://x/payment/callback',
    });
    const validate = validator('TransactionInitializeResponse');
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
  });

  it('verify validates against VerifyResponse before and after paying, for both test cards', () => {
    const validate = validator('VerifyResponse');
    for (const [reference, card] of [
      ['CAPS-2-ok', SANDBOX_SUCCESS_CARD],
      ['CAPS-3-declined', SANDBOX_DECLINED_CARD],
    ] as const) {
      sandbox.initialize({ email: 'a@example.com', amount: 1_000_000, reference, callback_url: 'http://x/cb' });
      const before = sandbox.verify(reference);
      expect(validate(before), JSON.stringify(validate.errors)).toBe(true);
      sandbox.pay(reference, card);
      const after = sandbox.verify(reference);
      expect(validate(after), JSON.stringify(validate.errors)).toBe(true);
      expect(after.data?.status).toBe(card === SANDBOX_SUCCESS_CARD ? 'success' : 'failed');
      expect(after.data?.amount).toBe(1_000_000);
      expect(after.data?.currency).toBe('NGN');
    }
  });

  it('a schema check that can fail: a broken answer is refused', () => {
    const validate = validator('VerifyResponse');
    expect(validate({ status: 'yes', message: 1 })).toBe(false);
  });
});
