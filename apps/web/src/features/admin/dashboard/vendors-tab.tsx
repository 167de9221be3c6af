import type { AdminVendorDto } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Eye, Landmark, Pencil, Store, User } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { SearchableList, useListControls } from './list-controls';
import { VendorDetailDialog, type VendorDialogTab } from './vendor-detail-dialog';
import { VendorStatusPill } from './vendor-status';

/**
 * A shop's card. View opens its details, Edit its Actions (verify, suspend, reinstate): what an admin
 * can change about a vendor. There is no Delete: shops are suspended, never erased, as their orders stay.
 * The buttons are named by their words; the shop's name describes them.
 */
function VendorCard({ vendor, onOpen }: { vendor: AdminVendorDto; onOpen: (tab: VendorDialogTab) => void }) {
  const headingId = useId();
  return (
    <Card className="flex h-full flex-col gap-4 p-5" role="group" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          {vendor.shop_name}
        </h3>
        <VendorStatusPill status={vendor.status} />
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <User className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Account holder</span>
          </dt>
          <dd className="min-w-0 break-words">{vendor.account_holder_name}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Landmark className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Bank</span>
          </dt>
          <dd className="min-w-0 break-words">
            {vendor.bank_name} · <span className="tabular-nums">{vendor.account_number}</span>
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onOpen('overview')} aria-describedby={headingId}>
          <Eye aria-hidden="true" />
          View
        </Button>
        <Button variant="outline" onClick={() => onOpen('actions')} aria-describedby={headingId}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      </div>
    </Card>
  );
}

/** Vendors: every shop with its bank details and real state; the detail dialog verifies, suspends, reinstates. */
export function VendorsTab() {
  const trpc = useTRPC();
  const list = useListControls();
  const vendors = useQuery({
    ...trpc.admin.vendors.list.queryOptions(list.input, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<{ id: number; tab: VendorDialogTab } | null>(null);

  return (
    <SearchableList
      title="Vendors"
      description="Shops, their account holders and bank details. New shops wait here for verification."
      search={{ label: 'Search vendors', placeholder: 'Shop name or account holder' }}
      controls={list}
      query={vendors}
      loading="Loading vendors..."
      failed="Failed to load vendors"
      empty={{ icon: Store, title: 'No vendors found' }}
      dialogs={<VendorDetailDialog vendorId={open?.id ?? null} initialTab={open?.tab} onClose={() => setOpen(null)} />}
    >
      {(items) => (
        <ul aria-label="Vendors" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((vendor) => (
            <li key={vendor.id}>
              <VendorCard vendor={vendor} onOpen={(tab) => setOpen({ id: vendor.id, tab })} />
            </li>
          ))}
        </ul>
      )}
    </SearchableList>
  );
}
