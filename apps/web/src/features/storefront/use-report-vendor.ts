import type { ReportReason } from '@caps/contracts';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useStoredUser } from '@/lib/auth';
import { useLoginPrompt } from './use-add-to-cart';

export interface VendorReport {
  vendorId: number;
  reason: ReportReason;
  /** What happened, in the customer's words (non-blank). */
  description: string;
}

/**
 * Sends a report about a shop. The reports issue replaces the body of `submitReport` with the server
 * call ('Report submitted' on success); it resolves true when the report was taken, so the dialog
 * closes and clears, and false when the customer should keep what they wrote.
 */
export function useReportVendor(): { submitReport: (report: VendorReport) => Promise<boolean>; isPending: boolean } {
  const user = useStoredUser();
  const promptLogin = useLoginPrompt();

  const submitReport = useCallback(
    async (_report: VendorReport): Promise<boolean> => {
      if (!user) {
        promptLogin('Please login to report a vendor');
        return false;
      }
      toast.info('Reporting is coming soon', {
        description: 'Reports about shops will be accepted here shortly. Until then, please contact support.',
      });
      return false;
    },
    [user, promptLogin],
  );

  return { submitReport, isPending: false };
}
