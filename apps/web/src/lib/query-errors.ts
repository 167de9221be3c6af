import { errorCodeOf } from './error-code';

const MAX_RETRIES = 3;

/** Whether a call failed because the product or shop does not exist (or is hidden). */
export function isNotFoundError(error: unknown): boolean {
  return errorCodeOf(error) === 'NOT_FOUND';
}

/** The app's retry rule (spec 9: up to 3 retries), except that a missing record is final at once. */
export function retryUnlessNotFound(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && !isNotFoundError(error);
}

/** A route parameter as a record id, or null when it cannot be one (the page then shows "not found"). */
export function parseRecordId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
