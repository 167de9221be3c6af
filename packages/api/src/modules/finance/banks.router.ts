import { BankResolveDto, BankResolveInput, BanksDto } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as banks from './banks.service.js';

const tag = 'Banks';

/** Paystack's bank list and account resolution (banks.list, banks.resolve). */
export const banksRouter = router({
  list: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/banks',
        tag,
        errors: [503],
        summary:
          "Nigerian banks a shop can be paid to (Paystack's list), sorted by name: each bank's name and the code to send as bank_code. 503 BANK_UNAVAILABLE when the list cannot be fetched.",
      },
    })
    .output(checkedOutput(BanksDto))
    .query(({ ctx }) => banks.listBanks(ctx)),
  resolve: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/banks/resolve',
        tag,
        errors: [429, 503],
        summary:
          'The name the bank holds for a 10-digit account number (so a vendor can check it before saving). A bank_code not in the list, or an account the bank does not know, is 422 ACCOUNT_NOT_RESOLVED; the bank unreachable is 503 BANK_UNAVAILABLE. Every account lookup (this call, vendor registration, a profile bank change) counts per IP address and per signed-in account: 429 past BANK_RESOLVE_MAX_PER_IP or BANK_RESOLVE_MAX_PER_ACCOUNT.',
      },
    })
    .input(BankResolveInput)
    .output(checkedOutput(BankResolveDto))
    .mutation(({ ctx, input }) => banks.resolveBankAccount(ctx, input)),
});
