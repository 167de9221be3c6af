import { BANKS, type BankDto, type BankResolveDto, FINANCE_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import type { Context } from '../../context.js';
import { DomainError } from '../../errors.js';
import { limitCall } from '../../rate-limit.js';
import { type PaymentProvider, ProviderUnavailableError } from '../payment/provider.js';

/** How long one server keeps Paystack's bank list before asking again. */
export const BANK_LIST_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * The spec's eight bank names (spec 3 and 5, `BANKS`) and their Paystack codes: Paystack spells several of
 * them differently ('First Bank of Nigeria', 'United Bank For Africa', 'Ecobank Nigeria').
 */
export const SPEC_BANK_CODES: Readonly<Record<(typeof BANKS)[number], string>> = {
  'Access Bank': '044',
  'First Bank Nigeria': '011',
  'Guaranty Trust Bank': '058',
  'United Bank for Africa': '033',
  'Zenith Bank': '057',
  'Fidelity Bank': '070',
  'Sterling Bank': '232',
  Ecobank: '050',
};

interface CachedList {
  banks: BankDto[];
  fetchedAt: number;
}

/** Per provider, so per server (each server's Services holds its own provider). */
const cache = new WeakMap<PaymentProvider, CachedList>();
const inFlight = new WeakMap<PaymentProvider, Promise<BankDto[]>>();

const byName = (a: BankDto, b: BankDto) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

async function fetchBanks(provider: PaymentProvider): Promise<BankDto[]> {
  const banks = (await provider.listBanks()).map((bank) => ({ name: bank.name, code: bank.code })).sort(byName);
  cache.set(provider, { banks, fetchedAt: Date.now() });
  return banks;
}

/**
 * GET /banks: Paystack's Nigerian banks, sorted by name. Kept in memory for BANK_LIST_TTL_MS; when Paystack
 * cannot be reached after that, the list held is still answered (banks rarely change), and without one
 * the call is 503 BANK_UNAVAILABLE.
 */
export async function listBanks(ctx: Pick<Context, 'services'>): Promise<BankDto[]> {
  const provider = ctx.services.payments;
  const cached = cache.get(provider);
  if (cached && Date.now() - cached.fetchedAt < BANK_LIST_TTL_MS) return cached.banks;
  let pending = inFlight.get(provider);
  if (!pending) {
    pending = fetchBanks(provider).finally(() => inFlight.delete(provider));
    inFlight.set(provider, pending);
  }
  try {
    return await pending;
  } catch (error) {
    if (cached) return cached.banks;
    throw bankErrorOf(error);
  }
}

/** ProviderUnavailableError as the API answers it (503); anything else unchanged. */
export function bankErrorOf(error: unknown): unknown {
  if (error instanceof ProviderUnavailableError) {
    return new DomainError('BANK_UNAVAILABLE', FINANCE_TEXT.bankServiceDown);
  }
  return error;
}

const normalized = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The bank of the list a client meant: by `bank_code`, or by `bank_name` — one of the spec's eight names
 * (mapped to its code) or any name of the list, case-insensitive. null when nothing matches. A code,
 * when sent, decides.
 */
export function matchBank(
  banks: readonly BankDto[],
  input: { bank_name?: string | undefined; bank_code?: string | undefined },
): BankDto | null {
  if (input.bank_code !== undefined) {
    const code = input.bank_code.trim();
    return banks.find((bank) => bank.code === code) ?? null;
  }
  if (input.bank_name === undefined) return null;
  const wanted = normalized(input.bank_name);
  const specName = BANKS.find((name) => normalized(name) === wanted);
  if (specName) {
    const code = SPEC_BANK_CODES[specName];
    const bank = banks.find((b) => b.code === code);
    if (bank) return bank;
  }
  return banks.find((bank) => normalized(bank.name) === wanted) ?? null;
}

/**
 * Paystack's bank codes are digits (its API types bank_code as an integer): a code with anything else is
 * no bank of the list, whether or not the list can be fetched.
 */
const PAYSTACK_BANK_CODE = /^\d+$/;

/** A bank code outside the list: no account can be resolved with it (422, on bank_code). */
const unknownBankCode = () =>
  new DomainError('ACCOUNT_NOT_RESOLVED', FINANCE_TEXT.accountNotResolved, {
    bank_code: [FINANCE_TEXT.accountNotResolved],
  });
const notResolved = () =>
  new DomainError('ACCOUNT_NOT_RESOLVED', FINANCE_TEXT.accountNotResolved, {
    account_number: [FINANCE_TEXT.accountNotResolved],
  });

/** What an account lookup reads of a request: its services and address (a Context is one). */
export type LookupContext = Pick<Context, 'services' | 'request'>;

/**
 * Asks the bank for the account's name: 422 ACCOUNT_NOT_RESOLVED when it does not know it, 503 when down.
 * The one way to Paystack's resolve: every caller (banks.resolve, registration, the profile) draws on the
 * same limits, per IP address and per account (`accountId`, when signed in), 429 past either.
 */
async function lookUpAccountName(
  ctx: LookupContext,
  accountId: number | undefined,
  accountNumber: string,
  bankCode: string,
): Promise<string> {
  await limitCall(ctx, 'bankResolve', accountId);
  let resolved: { accountName: string } | null;
  try {
    resolved = await ctx.services.payments.resolveAccount(accountNumber, bankCode);
  } catch (error) {
    throw bankErrorOf(error);
  }
  if (!resolved) throw notResolved();
  return resolved.accountName;
}

/** The bank of the list with this code: a code that cannot be Paystack's is refused before the list is read. */
async function bankWithCode(ctx: Pick<Context, 'services'>, code: string): Promise<BankDto> {
  if (!PAYSTACK_BANK_CODE.test(code.trim())) throw unknownBankCode();
  const bank = matchBank(await listBanks(ctx), { bank_code: code });
  if (!bank) throw unknownBankCode();
  return bank;
}

/**
 * POST /banks/resolve: the name the bank holds for an account. A code outside the list is 422 without a
 * lookup; a lookup counts per IP address and, for a signed-in caller, per account.
 */
export async function resolveBankAccount(
  ctx: Context,
  input: { account_number: string; bank_code: string },
): Promise<BankResolveDto> {
  const bank = await bankWithCode(ctx, input.bank_code);
  const { user } = await ctx.auth();
  const accountName = await lookUpAccountName(ctx, user?.id, input.account_number, bank.code);
  return {
    account_name: accountName,
    account_number: input.account_number,
    bank_code: bank.code,
    bank_name: bank.name,
  };
}

/** The bank a vendor chose, before any lookup: its code and the name the shop stores. */
export interface ChosenBank {
  bankCode: string;
  /** The spec's name when the client sent one of the eight, else the list's name. */
  bankName: string;
}

/** A shop's bank account as checked with the bank: what the vendor row stores. */
export interface VerifiedBankAccount extends ChosenBank {
  accountNumber: string;
  resolvedAccountName: string;
}

/**
 * The bank a vendor chose: bank_code, or bank_name matched as matchBank does; both must name the same bank.
 * A code outside the list: 422 ACCOUNT_NOT_RESOLVED; a name outside it: 422 VALIDATION on bank_name.
 */
export async function chooseBank(
  ctx: Pick<Context, 'services'>,
  input: { bank_name?: string | undefined; bank_code?: string | undefined },
): Promise<ChosenBank> {
  let bank: BankDto | null;
  if (input.bank_code !== undefined) {
    bank = await bankWithCode(ctx, input.bank_code);
  } else {
    bank = matchBank(await listBanks(ctx), input);
    if (!bank) {
      throw new DomainError('VALIDATION', VALIDATION_MESSAGES.bankName, { bank_name: [VALIDATION_MESSAGES.bankName] });
    }
  }
  if (input.bank_code !== undefined && input.bank_name !== undefined) {
    const named = matchBank(await listBanks(ctx), { bank_name: input.bank_name });
    if (named?.code !== bank.code) {
      const message = 'bank_name and bank_code name different banks';
      throw new DomainError('VALIDATION', message, { bank_name: [message] });
    }
  }
  const specName =
    input.bank_name === undefined
      ? undefined
      : BANKS.find((n) => normalized(n) === normalized(input.bank_name as string));
  return { bankCode: bank.code, bankName: (specName ?? bank.name).slice(0, 50) };
}

/**
 * The account looked up with the bank chosen, before anything is written (counted as `lookUpAccountName`
 * says). Unresolvable account: 422 ACCOUNT_NOT_RESOLVED; Paystack down: 503 BANK_UNAVAILABLE.
 */
export async function verifyBankAccount(
  ctx: LookupContext,
  accountId: number | undefined,
  bank: ChosenBank,
  accountNumber: string,
): Promise<VerifiedBankAccount> {
  const resolvedAccountName = await lookUpAccountName(ctx, accountId, accountNumber, bank.bankCode);
  return { ...bank, accountNumber, resolvedAccountName: resolvedAccountName.slice(0, 100) };
}
