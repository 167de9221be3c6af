import type { AdminVendorDto } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Eye, Landmark, Store, User } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTRPC } from '@/lib/trpc';
import { ADMIN_QUERY_CACHE } from './admin-queries';
import { SearchableList, useListControls } from './list-controls';
import { VendorDetailDialog } from './vendor-detail-dialog';
import { VendorStatusPill } from './vendor-status';

function VendorCard({ vendor, onView }: { vendor: AdminVendorDto; onView: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-semibold break-words">{vendor.shop_name}</h3>
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
      <Button variant="outline" className="mt-auto self-start" onClick={onView}>
        <Eye aria-hidden="true" />
        View
        <span className="sr-only"> {vendor.shop_name}</span>
      </Button>
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
  const [viewing, setViewing] = useState<number | null>(null);

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
      dialogs={<VendorDetailDialog vendorId={viewing} onClose={() => setViewing(null)} />}
    >
      {(items) => (
        <ul aria-label="Vendors" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((vendor) => (
            <li key={vendor.id}>
              <VendorCard vendor={vendor} onView={() => setViewing(vendor.id)} />
            </li>
          ))}
        </ul>
      )}
    </SearchableList>
  );
}
