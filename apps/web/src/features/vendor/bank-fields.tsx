import type { BankDto } from '@caps/contracts';
import { AlertTriangle, BadgeCheck, RefreshCw } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { readServerError } from '@/lib/server-errors';
import { type BankAccountCheck, useBanks } from '@/lib/use-bank-account';

type BankField = 'account_holder_name' | 'account_number' | 'bank_code';

/** Above this many banks a search box narrows the list (Paystack's has a few hundred). */
const SEARCH_FROM = 12;

interface BankFieldsProps {
  /** `register(...)` of the two typed fields, so any form holding them can use this component. */
  registered: Record<'account_holder_name' | 'account_number', UseFormRegisterReturn>;
  /** The chosen bank's code ('' for none); the form keeps it and the bank's name. */
  bankCode: string;
  onBankChange: (bank: BankDto | null) => void;
  /** A bank saved by name only (before banks had codes): chosen from the list when it is there. */
  savedBankName?: string;
  errors: Partial<Record<BankField, string | undefined>>;
  /** The account resolution of the form (useBankAccountCheck). */
  account: BankAccountCheck;
}

/**
 * Where a shop's earnings are paid: a bank from the bank list, the 10-digit account number, and the name
 * the bank holds for it, shown before saving. Used by vendor registration and the dashboard's banking form.
 */
export function BankFields({ registered, bankCode, onBankChange, savedBankName, errors, account }: BankFieldsProps) {
  const banks = useBanks();
  const { check } = account;

  useEffect(() => {
    if (bankCode || !savedBankName || !banks.data) return;
    const wanted = savedBankName.trim().toLowerCase();
    const match = banks.data.find((bank) => bank.name.toLowerCase() === wanted);
    if (match) onBankChange(match);
  }, [bankCode, savedBankName, banks.data, onBankChange]);

  const failure = check.status === 'failed' ? check : null;
  const accountNumberError =
    errors.account_number ?? (failure?.field === 'account_number' ? failure.message : undefined);
  const bankError = errors.bank_code ?? (failure?.field === 'bank_code' ? failure.message : undefined);
  const accountNumber = registered.account_number;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <BankPicker
          banks={banks}
          bankCode={bankCode}
          onBankChange={onBankChange}
          error={bankError}
          savedBankName={savedBankName}
        />
        <TextField
          label="Account Number"
          error={accountNumberError}
          hint="10-digit account number"
          registration={{
            ...accountNumber,
            onBlur: async (event) => {
              await accountNumber.onBlur(event);
              account.verifyNow();
            },
          }}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          aria-required="true"
        />
      </div>
      <AccountNameStatus account={account} />
      <TextField
        label="Account Holder Name"
        error={errors.account_holder_name}
        hint="As you write it; the bank's name for the account is checked above."
        registration={registered.account_holder_name}
        aria-required="true"
      />
    </>
  );
}

interface BankPickerProps {
  banks: ReturnType<typeof useBanks>;
  bankCode: string;
  onBankChange: (bank: BankDto | null) => void;
  error: string | undefined;
  savedBankName: string | undefined;
}

/** The bank select, with a search box for a long list, and its loading and failed states. */
function BankPicker({ banks, bankCode, onBankChange, error, savedBankName }: BankPickerProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const list = banks.data ?? [];
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return list;
    // The chosen bank stays in the list, so the select never shows a value it does not have.
    return list.filter((bank) => bank.code === bankCode || bank.name.toLowerCase().includes(term));
  }, [list, search, bankCode]);

  if (banks.isError) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Bank Name</p>
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          <p className="flex items-start gap-2 font-medium text-destructive">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Could not load the list of banks. {readServerError(banks.error, '').message}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void banks.refetch()}
            disabled={banks.isFetching}
          >
            <RefreshCw className={banks.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Try Again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <FormField
        label="Bank Name"
        error={error}
        hint={
          banks.isPending
            ? 'Loading banks...'
            : !bankCode && savedBankName
              ? `Saved as "${savedBankName}": choose it from the list.`
              : undefined
        }
      >
        {(field) => (
          <Select
            {...field}
            value={bankCode}
            disabled={banks.isPending}
            aria-required="true"
            aria-busy={banks.isPending}
            onChange={(event) => onBankChange(list.find((bank) => bank.code === event.target.value) ?? null)}
          >
            <option value="">{banks.isPending ? 'Loading banks...' : 'Select your bank'}</option>
            {shown.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {list.length > SEARCH_FROM ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="sr-only">
            Search banks
          </label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search banks"
            className="h-9"
            autoComplete="off"
          />
          {search.trim() ? (
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {shown.length === 0 ? 'No bank matches' : `${shown.length} of ${list.length} banks`}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** What the bank said about the account: checking, its name, or why it could not be verified. */
function AccountNameStatus({ account }: { account: BankAccountCheck }) {
  const { check } = account;
  return (
    <div aria-live="polite" className="empty:hidden">
      {check.status === 'checking' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Verifying account...
        </p>
      ) : check.status === 'resolved' ? (
        <p className="flex items-center gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
          <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Account name: <strong className="font-semibold">{check.account_name}</strong>
          </span>
        </p>
      ) : check.status === 'failed' && check.retryable ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">The account could not be verified yet.</p>
          <Button variant="outline" size="sm" onClick={account.verifyNow}>
            <RefreshCw aria-hidden="true" />
            Verify account
          </Button>
        </div>
      ) : null}
    </div>
  );
}
