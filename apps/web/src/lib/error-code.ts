import { type ErrorCode, errorCodeForStatus, isErrorCode } from '@caps/contracts';
import { TRPCClientError } from '@trpc/client';
import { ApiError } from './api';

/**
 * The stable code of a failed tRPC or REST call (docs/api.md: `data.errorCode` on
 * tRPC, `code` in a REST body). Branch on this, never on the message, which may be reworded.
 * An answer without a code (a proxy's page, an older server) gets the generic code of its status;
 * null when the server was not reached or the error is not a call's.
 */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (error instanceof ApiError) return error.code;
  if (error instanceof TRPCClientError) {
    const data = error.data as { errorCode?: unknown; httpStatus?: unknown } | undefined;
    if (!data) return null;
    if (isErrorCode(data.errorCode)) return data.errorCode;
    return typeof data.httpStatus === 'number' ? errorCodeForStatus(data.httpStatus) : 'INTERNAL';
  }
  return null;
}
