import { type AdminProductDto, formatNaira, VENDOR_PRODUCT_MESSAGES } from '@caps/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Archive, Eye, Package, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusPill } from '@/components/ui/status-pill';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { useAdminActionFeedback } from './admin-queries';
import { AdminTable, Cell } from './admin-table';
import { SearchableList, useListControls } from './list-controls';
import { ProductEditDialog } from './product-edit-dialog';

const COLUMNS = ['Image', 'Name', 'Category', 'Sizes', 'Price', 'Status', 'Actions'] as const;

/** Archived caps say so; others are Active while stock is above 0, else Out of Stock (spec 2). */
function ProductStatus({ product }: { product: AdminProductDto }) {
  if (product.archived) return <StatusPill tone="neutral">Archived</StatusPill>;
  return product.status === 'Active' ? (
    <StatusPill tone="success">Active</StatusPill>
  ) : (
    <StatusPill tone="danger">Out of Stock</StatusPill>
  );
}

/** Products: every cap of every shop, archived ones included, to look at, correct or archive. */
export function ProductsTab() {
  const trpc = useTRPC();
  const list = useListControls();
  const products = useQuery({
    ...trpc.admin.products.list.queryOptions(list.input, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });
  const feedback = useAdminActionFeedback();
  const archive = useMutation(
    trpc.admin.products.archive.mutationOptions(
      feedback(VENDOR_PRODUCT_MESSAGES.archived, 'Failed to archive product'),
    ),
  );
  const [editing, setEditing] = useState<AdminProductDto | null>(null);
  const [archiving, setArchiving] = useState<AdminProductDto | null>(null);

  const confirmArchive = () => {
    if (!archiving) return;
    archive.mutate({ id: archiving.id }, { onSettled: () => setArchiving(null) });
  };

  return (
    <SearchableList
      title="Products"
      description="Every cap on the marketplace. Archived caps are hidden from the storefront."
      search={{ label: 'Search products', placeholder: 'Name or category' }}
      controls={list}
      query={products}
      loading="Loading products..."
      failed="Failed to load products"
      empty={{ icon: Package, title: 'No products found' }}
      dialogs={
        <>
          <ProductEditDialog product={editing} onClose={() => setEditing(null)} />
          <ConfirmDialog
            open={archiving !== null}
            onOpenChange={(open) => (open ? undefined : setArchiving(null))}
            title="Delete this product?"
            description={
              archiving
                ? `${archiving.name} will be archived: it leaves the storefront, and past orders keep their record of it.`
                : ''
            }
            confirmLabel="Delete"
            onConfirm={confirmArchive}
            pending={archive.isPending}
          />
        </>
      }
    >
      {(items) => (
        <AdminTable caption="Products" columns={COLUMNS} minWidth="min-w-[52rem]">
          {items.map((product) => (
            <tr key={product.id}>
              <Cell>
                <div className="size-12 overflow-hidden rounded-lg border border-border">
                  <ProductImage src={product.images[0]} alt={product.name} thumbnail />
                </div>
              </Cell>
              <Cell>
                <p className="font-semibold">{product.name}</p>
                <p className="text-xs text-muted-foreground">{product.vendor.shop_name}</p>
              </Cell>
              <Cell>{product.category}</Cell>
              <Cell className="max-w-40">{product.sizes.length > 0 ? product.sizes.join(', ') : 'N/A'}</Cell>
              <Cell className="tabular-nums whitespace-nowrap">{formatNaira(product.price)}</Cell>
              <Cell>
                <ProductStatus product={product} />
              </Cell>
              <Cell>
                <div className="flex gap-1">
                  <Button asChild variant="ghost" size="icon" aria-label={`View ${product.name}`}>
                    <Link to={`/product/${product.id}`}>
                      <Eye aria-hidden="true" />
                    </Link>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${product.name}`}
                    onClick={() => setEditing(product)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:bg-destructive/10"
                    aria-label={`Delete ${product.name}`}
                    disabled={product.archived}
                    onClick={() => setArchiving(product)}
                  >
                    <Archive aria-hidden="true" />
                  </Button>
                </div>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
    </SearchableList>
  );
}
