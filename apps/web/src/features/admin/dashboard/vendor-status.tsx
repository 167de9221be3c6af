import type { AdminVendorStatus } from '@caps/contracts';
import { type PillTone, StatusPill } from '@/components/ui/status-pill';

const VENDOR_TONES: Record<AdminVendorStatus, PillTone> = {
  Verified: 'success',
  Pending: 'warning',
  Suspended: 'danger',
};

/** A shop's real state: Verified, Pending (verification) or Suspended (its owner's account). */
export function VendorStatusPill({ status }: { status: AdminVendorStatus }) {
  return <StatusPill tone={VENDOR_TONES[status]}>{status}</StatusPill>;
}

/** Active or Suspended, the suspended state in the destructive colour (spec 2). */
export function AccountStatusPill({ status }: { status: 'active' | 'suspended' }) {
  return status === 'active' ? (
    <StatusPill tone="success">Active</StatusPill>
  ) : (
    <StatusPill tone="danger" className="border-destructive bg-destructive text-destructive-foreground">
      Suspended
    </StatusPill>
  );
}
