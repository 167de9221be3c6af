import { type AddressDto, MAX_SAVED_ADDRESSES, UI_TEXT } from '@caps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useStoredUser } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { AUTH_ERROR, retryUnlessDenied, useAuthFailure } from '@/lib/use-auth-failure';
import { AddressFormDialog, type AddressValues } from './address-form-dialog';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; address: AddressDto };

/** Addresses: the shipping addresses saved on the server, one of them the default. */
export function AddressesTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onAuthFailure = useAuthFailure();
  const isCustomer = useStoredUser()?.role === 'customer';
  const addresses = useQuery({ ...trpc.addresses.list.queryOptions(), enabled: isCustomer, retry: retryUnlessDenied });
  const refresh = () => queryClient.invalidateQueries(trpc.addresses.list.pathFilter());

  const create = useMutation(trpc.addresses.create.mutationOptions({ onSettled: refresh }));
  const update = useMutation(trpc.addresses.update.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.addresses.remove.mutationOptions({ onSettled: refresh }));
  const setDefault = useMutation(trpc.addresses.setDefault.mutationOptions({ onSettled: refresh }));

  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<AddressDto | null>(null);

  useEffect(() => {
    if (addresses.error) onAuthFailure(addresses.error, AUTH_ERROR.settings);
  }, [addresses.error, onAuthFailure]);

  const handleSaveError = useCallback((error: unknown) => onAuthFailure(error, AUTH_ERROR.settings), [onAuthFailure]);

  const failed = (error: unknown, title: string) => {
    if (onAuthFailure(error, AUTH_ERROR.settings)) return;
    toast.error(title, { description: readServerError(error, 'Please try again').message });
  };

  const save = async (values: AddressValues) => {
    if (editing.mode === 'edit') {
      await update.mutateAsync({ id: editing.address.id, ...values });
      toast.success('Address updated');
    } else {
      await create.mutateAsync(values);
      toast.success('Address added');
    }
  };

  const makeDefault = async (address: AddressDto) => {
    try {
      await setDefault.mutateAsync({ id: address.id });
      toast.success('Default address updated');
    } catch (error) {
      failed(error, 'Failed to update the default address');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const { message } = await remove.mutateAsync({ id: deleting.id });
      toast.success(message);
      setDeleting(null);
    } catch (error) {
      setDeleting(null);
      failed(error, 'Failed to delete the address');
    }
  };

  const list = addresses.data ?? [];
  const full = list.length >= MAX_SAVED_ADDRESSES;

  return (
    <section aria-labelledby="addresses-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="addresses-heading" className="text-xl font-semibold">
            Saved Addresses
          </h2>
          <p className="text-sm text-muted-foreground">
            {full
              ? `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`
              : `Up to ${MAX_SAVED_ADDRESSES} shipping addresses.`}
          </p>
        </div>
        {addresses.isSuccess && list.length > 0 ? (
          <Button onClick={() => setEditing({ mode: 'add' })} disabled={full}>
            <Plus aria-hidden="true" />
            Add Address
          </Button>
        ) : null}
      </div>

      {!isCustomer ? (
        <EmptyState
          icon={MapPin}
          title="No saved addresses for this account"
          description="Only customer accounts place orders."
        />
      ) : addresses.isPending ? (
        <LoadingBlock label="Loading your addresses..." />
      ) : addresses.isError ? (
        <ErrorPanel
          title="Failed to load addresses"
          message={readServerError(addresses.error, UI_TEXT.errorLoadingData).message}
          onRetry={() => void addresses.refetch()}
          retrying={addresses.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={MapPin}
          title="No saved addresses"
          description="Save a shipping address to check out faster."
          action={
            <Button onClick={() => setEditing({ mode: 'add' })}>
              <Plus aria-hidden="true" />
              Add Address
            </Button>
          }
        />
      ) : (
        <ul aria-label="Saved addresses" className="grid gap-3 sm:grid-cols-2">
          {list.map((address) => (
            <li
              key={address.id}
              className="flex flex-col gap-3 rounded-card border border-border bg-card p-4 shadow-sm data-[default=true]:border-primary"
              data-default={address.is_default}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-semibold break-words">{address.full_name}</p>
                {address.is_default ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
                    <Star className="size-3" aria-hidden="true" />
                    Default
                  </span>
                ) : null}
              </div>
              <address className="text-sm not-italic text-muted-foreground break-words">
                {address.address}
                <br />
                {address.city}, {address.state} {address.postal_code}
                <br />
                {address.phone}
              </address>
              <div className="mt-auto flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing({ mode: 'edit', address })}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDeleting(address)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
                {address.is_default ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void makeDefault(address)}
                    disabled={setDefault.isPending}
                  >
                    Set as default
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddressFormDialog
        open={editing.mode !== 'closed'}
        onOpenChange={(open) => {
          if (!open) setEditing({ mode: 'closed' });
        }}
        address={editing.mode === 'edit' ? editing.address : null}
        onSave={save}
        onSaveError={handleSaveError}
      />

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      >
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete this address?</DialogTitle>
            <DialogDescription>
              {deleting ? `${deleting.full_name}, ${deleting.address}, ${deleting.city}` : ''} will be removed from your
              saved addresses.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void confirmDelete()} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
              Delete Address
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
