import { REPORT_TEXT, type ReportReason } from '@caps/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toaster';
import { useStoredUser } from '@/lib/auth';
import { clearSession } from '@/lib/auth-storage';
import { isUnauthenticated, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useLoginPrompt } from './use-add-to-cart';

const LOGIN_TO_REPORT = 'Please login to report a vendor';
const REPORT_FAILED = 'Report not sent';

export interface VendorReport {
  vendorId: number;
  reason: ReportReason;
  /** What happened, in the customer's words (non-blank). */
  description: string;
}

/** The server's messages for the dialog's own fields, when it refused what was typed. */
export interface ReportFieldErrors {
  reason?: string;
  description?: string;
}

/** true: the report was taken (the dialog closes and clears); otherwise what to show, and the text stays. */
export type ReportOutcome = true | { fieldErrors: ReportFieldErrors };

/** Sends a report about a shop (reports.create): 'Report submitted' on success, the server's reason otherwise. */
export function useReportVendor(): {
  submitReport: (report: VendorReport) => Promise<ReportOutcome>;
  isPending: boolean;
} {
  const user = useStoredUser();
  const promptLogin = useLoginPrompt();
  const trpc = useTRPC();
  const { mutateAsync, isPending } = useMutation(trpc.reports.create.mutationOptions());

  const submitReport = useCallback(
    async ({ vendorId, reason, description }: VendorReport): Promise<ReportOutcome> => {
      if (!user) {
        promptLogin(LOGIN_TO_REPORT);
        return { fieldErrors: {} };
      }
      try {
        await mutateAsync({ vendor_id: vendorId, reason, description });
        toast.success(REPORT_TEXT.submitted, { description: 'Thank you. Our team will review your report.' });
        return true;
      } catch (error) {
        const { message, fieldErrors } = readServerError(error, 'Please try again');
        if (isUnauthenticated(error)) {
          // The stored session is no longer accepted: forget it and ask to sign in again.
          clearSession();
          promptLogin(LOGIN_TO_REPORT);
          return { fieldErrors: {} };
        }
        const fields: ReportFieldErrors = {};
        if (fieldErrors.reason?.[0]) fields.reason = fieldErrors.reason[0];
        if (fieldErrors.description?.[0]) fields.description = fieldErrors.description[0];
        // A 409 (already reported) and other refusals read the server's own sentence.
        if (!fields.reason && !fields.description) toast.error(REPORT_FAILED, { description: message });
        return { fieldErrors: fields };
      }
    },
    [user, promptLogin, mutateAsync],
  );

  return { submitReport, isPending };
}
