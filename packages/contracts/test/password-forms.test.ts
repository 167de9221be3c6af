import { describe, expect, it } from 'vitest';
import {
  AccountPasswordForm,
  ChangePasswordInput,
  SecurityForm,
  UpdateProfileInput,
  VALIDATION_MESSAGES as V,
} from '../src/index.js';

/** The first message of each field of a refused parse (what a form shows under it, and the API's summary). */
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    if (!first.has(field)) first.set(field, `${field}: ${issue.message}`);
  }
  return [...first.values()];
};

const CURRENT = 'Current123';

describe("a password change words its refusals as spec 5's account form", () => {
  it.each([
    ['the Security tab', SecurityForm, V.newPasswordsMismatch],
    ['the vendor Account tab', AccountPasswordForm, V.passwordsMismatch],
    ['auth.changePassword', ChangePasswordInput, V.passwordsMismatch],
  ])('%s', (_label, schema, mismatch) => {
    const parse = (input: object) => messagesOf(schema.safeParse(input));
    expect(parse({ current_password: '', password: 'NewPass123', password_confirmation: 'NewPass123' })).toEqual([
      `current_password: ${V.currentPasswordRequired}`,
    ]);
    expect(parse({ current_password: CURRENT, password: '', password_confirmation: '' })).toEqual([
      `password: ${V.newPasswordRequired}`,
    ]);
    expect(parse({ current_password: CURRENT, password: 'Ab1', password_confirmation: 'Ab1' })).toEqual([
      `password: ${V.passwordMin}`,
    ]);
    expect(parse({ current_password: CURRENT, password: 'NewPass123', password_confirmation: 'NewPass124' })).toEqual([
      `password_confirmation: ${mismatch}`,
    ]);
    expect(parse({ current_password: CURRENT, password: 'NewPass123', password_confirmation: '' })).toEqual([
      `password_confirmation: ${mismatch}`,
    ]);
    expect(parse({ current_password: CURRENT, password: 'NewPass123', password_confirmation: 'NewPass123' })).toEqual(
      [],
    );
  });

  it('PUT /profile: a short new password is "at least 8 characters", not the registration wording', () => {
    const input = { current_password: CURRENT, password: 'Ab1', password_confirmation: 'Ab1' };
    expect(messagesOf(UpdateProfileInput.safeParse(input))).toEqual([`password: ${V.passwordMin}`]);
  });
});
