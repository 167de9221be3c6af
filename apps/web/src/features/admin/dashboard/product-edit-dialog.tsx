import { type AdminProductDto, AdminProductUpdateInput, CATEGORIES } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CategoryOptions } from '@/components/category-options';
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
import { FormAlert, FormField, TextField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAdminFailure, useRefreshAdminData } from './admin-queries';

const FIELDS = ['name', 'category', 'price', 'stock'] as const;
const UPDATE_FAILED = 'Failed to update product';

/** The form holds what was typed (price in naira, as text); the schema turns it into numbers on submit. */
function valuesOf(product: AdminProductDto): AdminProductUpdateInput {
  return {
    id: product.id,
    name: product.name,
    // A cap filed under an old category shows the choice empty, so the admin has to pick a current one.
    category: CATEGORIES.find((category) => category === product.category),
    price: String(product.price),
    stock: String(product.stock),
  };
}

interface ProductEditDialogProps {
  /** The cap being edited; null closes the dialog. */
  product: AdminProductDto | null;
  onClose: () => void;
}

/** Edit a cap's name, category, price (naira) and stock, checked with the vendor form's own rules and messages. */
export function ProductEditDialog({ product, onClose }: ProductEditDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshAdminData();
  const showFailure = useAdminFailure();
  const update = useMutation(trpc.admin.products.update.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(AdminProductUpdateInput), mode: 'onSubmit', reValidateMode: 'onChange' });

  useEffect(() => {
    if (!product) return;
    reset(valuesOf(product));
    setFailure(null);
  }, [product, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      toast.success('Product updated!');
      void refresh();
      onClose();
    } catch (error) {
      applyServerFieldErrors(setError, readServerError(error, UPDATE_FAILED).fieldErrors, FIELDS);
      setFailure(showFailure(error, UPDATE_FAILED));
    }
  });

  return (
    <Dialog open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Product</DialogTitle>
          <DialogDescription>{product ? `${product.name} from ${product.vendor.shop_name}` : null}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="Edit product" className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <TextField label="Name" error={errors.name?.message} registration={register('name')} aria-required="true" />
          <FormField label="Category" error={errors.category?.message}>
            {(field) => (
              <Select {...field} {...register('category')} aria-required="true">
                <option value="" disabled>
                  Choose a category
                </option>
                <CategoryOptions />
              </Select>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Price (₦)"
              error={errors.price?.message}
              registration={register('price')}
              inputMode="decimal"
              aria-required="true"
            />
            <TextField
              label="Stock"
              error={errors.stock?.message}
              registration={register('stock')}
              inputMode="numeric"
              aria-required="true"
            />
          </div>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <SubmitButton busy={isSubmitting} label="Save Changes" busyLabel="Saving..." />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
