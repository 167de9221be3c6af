import type { BankDto, BankResolveDto } from '@caps/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorCodeOf } from './error-code';
import { readServerError } from './server-errors';
import { useTRPC, useTRPCClient } from './trpc';

/** Paystack's bank list changes rarely: loaded once a visit. */
const BANKS_CACHE = { staleTime: 60 * 60_000, gcTime: 2 * 60 * 60_000, retry: 1 } as const;
/** Typing pauses this long before the bank is asked for the account name. */
export const RESOLVE_DEBOUNCE_MS = 500;

const ACCOUNT_NUMBER = /^\d{10}$/;

/** The bank list (banks.list), sorted by name as the picker shows it. */
export function useBanks() {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.banks.list.queryOptions(undefined, BANKS_CACHE),
    select: (banks: BankDto[]) => [...banks].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

export interface AccountToCheck {
  bank_code: string;
  account_number: string;
}

/** An account already verified and saved (the vendor's current one): it is not asked for again. */
export interface SavedAccount extends AccountToCheck {
  account_name: string | null;
}

export type AccountCheck =
  /** The bank or the 10 digits are missing: nothing to ask yet. */
  | { status: 'incomplete' }
  | { status: 'checking' }
  | { status: 'resolved'; account_name: string }
  /**
   * The bank said no (`retryable` false: the number or the bank must change) or could not answer
   * (`retryable`: the bank is down, too many checks, no connection).
   */
  | { status: 'failed'; message: string; field: 'account_number' | 'bank_code'; retryable: boolean };

export interface BankAccountCheck {
  check: AccountCheck;
  /** Asks at once (the account number lost focus, or Verify account was pressed). */
  verifyNow: () => void;
  /**
   * Before saving: the resolved name of the account in the form, asking the bank if it was not asked yet;
   * null when it does not resolve (the reason is then in `check`).
   */
  ensureResolved: () => Promise<string | null>;
}

function isComplete(account: AccountToCheck): boolean {
  return account.bank_code.trim() !== '' && ACCOUNT_NUMBER.test(account.account_number.trim());
}

const sameAccount = (a: AccountToCheck, b: AccountToCheck) =>
  a.bank_code === b.bank_code && a.account_number.trim() === b.account_number.trim();

/** Why a resolve failed, said where the vendor acts on it. */
function failureOf(error: unknown): Extract<AccountCheck, { status: 'failed' }> {
  const { message, fieldErrors } = readServerError(error, 'We could not verify this account. Please try again.');
  const code = errorCodeOf(error);
  if (code === 'ACCOUNT_NOT_RESOLVED' || code === 'VALIDATION') {
    const bankMessage = fieldErrors.bank_code?.[0];
    if (bankMessage && !fieldErrors.account_number) {
      return { status: 'failed', message: bankMessage, field: 'bank_code', retryable: false };
    }
    return {
      status: 'failed',
      message: fieldErrors.account_number?.[0] ?? message,
      field: 'account_number',
      retryable: false,
    };
  }
  // BANK_UNAVAILABLE, TOO_MANY_REQUESTS, no connection, a server fault: asking again later may work.
  return { status: 'failed', message, field: 'account_number', retryable: true };
}

/**
 * Resolves the account in a bank form (banks.resolve) once the bank and 10 digits are there, after a pause
 * in typing; each account is asked once per visit (answers are cached by bank and number).
 */
export function useBankAccountCheck(current: AccountToCheck, saved?: SavedAccount | null): BankAccountCheck {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const account = useMemo(
    () => ({ bank_code: current.bank_code.trim(), account_number: current.account_number.trim() }),
    [current.bank_code, current.account_number],
  );
  const complete = isComplete(account);
  const isSaved = Boolean(saved?.account_name) && saved != null && sameAccount(saved, account);
  const [settled, setSettled] = useState<AccountToCheck | null>(null);

  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => setSettled(account), RESOLVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [account, complete]);

  const optionsOf = useCallback(
    (input: AccountToCheck) => ({
      queryKey: ['banks', 'resolve', input.bank_code, input.account_number] as const,
      queryFn: (): Promise<BankResolveDto> => client.banks.resolve.mutate(input),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30 * 60_000,
      retry: false,
    }),
    [client],
  );

  const asking = complete && !isSaved && settled !== null && sameAccount(settled, account);
  const answer = useQuery({ ...optionsOf(account), enabled: asking });

  const verifyNow = useCallback(() => {
    if (!complete || isSaved) return;
    setSettled(account);
    const state = queryClient.getQueryState(optionsOf(account).queryKey);
    if (state?.status === 'error') void queryClient.refetchQueries({ queryKey: optionsOf(account).queryKey });
  }, [account, complete, isSaved, optionsOf, queryClient]);

  const ensureResolved = useCallback(async () => {
    if (!complete) return null;
    if (isSaved) return saved?.account_name ?? null;
    setSettled(account);
    try {
      const resolved = await queryClient.fetchQuery(optionsOf(account));
      return resolved.account_name;
    } catch {
      return null;
    }
  }, [account, complete, isSaved, optionsOf, queryClient, saved]);

  let check: AccountCheck;
  if (!complete) check = { status: 'incomplete' };
  else if (isSaved && saved?.account_name) check = { status: 'resolved', account_name: saved.account_name };
  else if (answer.data) check = { status: 'resolved', account_name: answer.data.account_name };
  else if (answer.isError && !answer.isFetching) check = failureOf(answer.error);
  else check = { status: 'checking' };

  return { check, verifyNow, ensureResolved };
}
