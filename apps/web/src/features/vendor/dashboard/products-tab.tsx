import { formatNaira, UI_TEXT, VENDOR_PRODUCT_MESSAGES, type VendorProductDto } from '@caps/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Archive, Clock, Package, PackagePlus, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingBlock } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { TRY_AGAIN, toastFailure } from './failure-toast';
import { ProductFormDialog } from './product-form-dialog';
import { useRefreshShopData } from './use-refresh-shop-data';
import { useForgetRefusedSession, useShopVerified } from './use-vendor-profile';

/** Which dialog is open: the form (for a new cap or one being edited) or the delete question. */
type OpenDialog = { kind: 'form'; product: VendorProductDto | null } | { kind: 'delete'; product: VendorProductDto };

const PENDING_EXPLANATION = 'You can add caps once an admin has verified your shop.';

/** Products: the shop's own caps with add, edit and delete. */
export function ProductsTab() {
  const trpc = useTRPC();
  const refresh = useRefreshShopData();
  const verified = useShopVerified();
  const pendingNoteId = useId();
  const products = useQuery(trpc.vendorProducts.list.queryOptions(undefined, DASHBOARD_CACHE));
  useForgetRefusedSession(products.error);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const remove = useMutation(trpc.vendorProducts.remove.mutationOptions());

  const openNew = () => setDialog({ kind: 'form', product: null });
  const confirmDelete = (product: VendorProductDto) => {
    remove.mutate(
      { id: product.id },
      {
        onSuccess: async ({ message }) => {
          setDialog(null);
          // A cap someone ordered is archived instead: kept for the order, hidden from buyers.
          if (message === VENDOR_PRODUCT_MESSAGES.deleted) toast.success(message);
          else toast.success(message, { description: 'It is in an order, so it stays on record but is off sale.' });
          await refresh();
        },
        onError: (error) => {
          toastFailure('Failed to delete product', error);
        },
      },
    );
  };

  const addButton = (
    <Button onClick={openNew} disabled={!verified} aria-describedby={verified ? undefined : pendingNoteId}>
      <PackagePlus aria-hidden="true" />
      Add New Cap
    </Button>
  );
  const refreshing = products.isFetching && !products.isPending;
  // One Add New Cap on the page: the empty state offers it to a verified shop with no caps yet, the
  // header everywhere else (a pending shop sees it there, disabled, next to the explanation).
  const addInEmptyState = verified && products.data?.length === 0;

  return (
    <DashboardSection
      title="Products"
      description="Your caps as buyers see them, with stock."
      actions={
        <>
          <Button
            variant="outline"
            onClick={() => void products.refetch()}
            disabled={products.isFetching}
            aria-busy={refreshing}
          >
            <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
          {addInEmptyState ? null : addButton}
        </>
      }
    >
      {verified ? null : (
        <p
          id={pendingNoteId}
          className="flex items-center gap-2 rounded-lg border border-amber-300 bg-warning px-3 py-2 text-sm text-warning-foreground"
        >
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {PENDING_EXPLANATION}
        </p>
      )}
      {products.isPending ? (
        <LoadingBlock label="Loading your caps..." />
      ) : products.isError ? (
        <ErrorPanel
          title="Failed to load products"
          message={readServerError(products.error, UI_TEXT.errorLoadingData).message}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.data.length === 0 ? (
        <EmptyState
          icon={Package}
          title="No products yet"
          description={verified ? 'Add your first cap to start selling.' : PENDING_EXPLANATION}
          action={addInEmptyState ? addButton : null}
        />
      ) : (
        <ul aria-label="Your caps" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {products.data.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard
                product={product}
                onEdit={() => setDialog({ kind: 'form', product })}
                onDelete={() => setDialog({ kind: 'delete', product })}
              />
            </li>
          ))}
        </ul>
      )}
      <ProductFormDialog
        open={dialog?.kind === 'form'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        product={dialog?.kind === 'form' ? dialog.product : null}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => {
          if (open) return;
          setDialog(null);
          remove.reset();
        }}
        title="Delete this cap?"
        description={
          dialog?.kind === 'delete'
            ? `"${dialog.product.name}" will be removed from your shop. A cap that is in an order is archived instead.`
            : ''
        }
        // The toast asks to try again (spec 8); why it failed stays here.
        failure={remove.error ? readServerError(remove.error, TRY_AGAIN).message : null}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => (dialog?.kind === 'delete' ? confirmDelete(dialog.product) : undefined)}
      />
    </DashboardSection>
  );
}

interface ProductCardProps {
  product: VendorProductDto;
  onEdit: () => void;
  onDelete: () => void;
}

function ProductCard({ product, onEdit, onDelete }: ProductCardProps) {
  const headingId = useId();
  return (
    <Card className="flex flex-1 flex-col overflow-hidden" aria-labelledby={headingId} role="group">
      <div className="relative aspect-[4/3] bg-muted">
        <ProductImage src={product.images[0]} alt={product.name} thumbnail />
        {product.archived ? (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-foreground/85 px-2.5 py-0.5 text-xs font-semibold text-background">
            <Archive className="size-3.5" aria-hidden="true" />
            Archived
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold break-words">
            {product.name}
          </h3>
          <p className="shrink-0 font-bold text-primary">{formatNaira(product.price)}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Category</dt>
          <dd>{product.category}</dd>
          <dt className="text-muted-foreground">Stock</dt>
          <dd className={cn(product.stock === 0 && 'font-semibold text-destructive')}>
            {product.stock === 0 ? 'Out of Stock' : product.stock}
          </dd>
          <dt className="text-muted-foreground">Sizes</dt>
          <dd className="break-words">{product.sizes.length ? product.sizes.join(', ') : 'N/A'}</dd>
          <dt className="text-muted-foreground">Images</dt>
          <dd>{product.images.length}</dd>
        </dl>
        <div className="mt-auto flex gap-2 pt-2">
          <Button variant="outline" size="sm" className="flex-1" onClick={onEdit} aria-describedby={headingId}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="flex-1 text-destructive hover:bg-destructive/10"
            onClick={onDelete}
            aria-describedby={headingId}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}
