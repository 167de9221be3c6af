import { TRPCClientError } from '@trpc/client';

const MAX_RETRIES = 3;

interface TrpcErrorData {
  code?: string;
  httpStatus?: number;
}

/** Whether a tRPC call failed because the product or shop does not exist (or is hidden). */
export function isNotFoundError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as TrpcErrorData | undefined;
  return data?.code === 'NOT_FOUND' || data?.httpStatus === 404;
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
