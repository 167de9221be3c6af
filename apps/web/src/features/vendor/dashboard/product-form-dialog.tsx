import {
  CreateVendorProductInput,
  MAX_PRODUCT_IMAGES,
  ProductDto,
  productCategoryField,
  productSizesField,
  VENDOR_PRODUCT_MESSAGES,
  type VendorProductDto,
} from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { FormAlert, FormField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { apiRequest, type FieldErrors } from '@/lib/api';
import { clearSession } from '@/lib/auth-storage';
import { applyServerFieldErrors, isUnauthenticated } from '@/lib/server-errors';
import { ImageListPicker, type PickedImage, storedImages } from '../image-picker';
import { toastFailure } from './failure-toast';
import { SizesInput, type SizesInputHandle } from './sizes-input';
import { useRefreshShopData } from './use-refresh-shop-data';

/** Hands a value on to a shared rule whose input is wider than the form's control (a select, a chip list). */
const asInput = (value: unknown): unknown => value;

/** The shared product rules, with the select's empty choice and the chip list typed as the form holds them. */
const ProductForm = CreateVendorProductInput.extend({
  category: z.string().transform(asInput).pipe(productCategoryField),
  sizes: z.array(z.string()).transform(asInput).pipe(productSizesField),
});
type ProductFormValues = z.input<typeof ProductForm>;
type ProductFormData = z.output<typeof ProductForm>;

const FIELDS = ['name', 'description', 'price', 'stock', 'category', 'sizes'] as const;

function valuesOf(product: VendorProductDto | null): ProductFormValues {
  if (!product) return { name: '', description: '', price: '', stock: '', category: '', sizes: [] };
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    stock: String(product.stock),
    category: product.category,
    sizes: [...product.sizes],
  };
}

/** The server names list fields `sizes`, `sizes.0` or `sizes[0]`; the form knows them as `sizes`. */
function byField(fieldErrors: FieldErrors): FieldErrors {
  const merged: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = key.split(/[.[]/)[0] ?? key;
    merged[field] = [...(merged[field] ?? []), ...messages];
  }
  return merged;
}

function productBody(values: ProductFormData, images: PickedImage[], editing: boolean): FormData {
  const body = new FormData();
  body.append('name', values.name);
  body.append('description', values.description);
  body.append('price', String(values.price));
  body.append('stock', String(values.stock));
  body.append('category', values.category);
  values.sizes.forEach((size, index) => {
    body.append(`sizes[${index}]`, size);
  });
  if (editing) {
    const kept = images.flatMap((image) => (image.kind === 'stored' ? [image.url] : []));
    // An empty value keeps none, so removing every picture is said explicitly.
    if (kept.length === 0) body.append('keep_images', '');
    kept.forEach((url, index) => {
      body.append(`keep_images[${index}]`, url);
    });
  }
  images
    .flatMap((image) => (image.kind === 'new' ? [image.file] : []))
    .forEach((file, index) => {
      body.append(`images[${index}]`, file, file.name);
    });
  return body;
}

/**
 * The server appends new pictures after the kept ones. When the vendor put a new picture before a
 * kept one, a second call puts the saved pictures (now all with URLs) in the chosen order.
 */
async function restoreImageOrder(saved: ProductDto, images: PickedImage[]): Promise<void> {
  const stored = images.filter((image) => image.kind === 'stored');
  const added = images.filter((image) => image.kind === 'new');
  const firstNew = images.findIndex((image) => image.kind === 'new');
  const lastStored = images.findLastIndex((image) => image.kind === 'stored');
  if (firstNew === -1 || lastStored === -1 || firstNew > lastStored) return;
  if (saved.images.length !== stored.length + added.length) return;
  const urlOf = new Map<string, string>();
  // The saved list is the kept pictures in their order, then the new ones in theirs.
  [...stored, ...added].forEach((image, index) => {
    urlOf.set(image.key, saved.images[index] ?? '');
  });
  await apiRequest(`/products/${saved.id}`, {
    method: 'PUT',
    body: { keep_images: images.map((image) => urlOf.get(image.key) ?? '') },
    schema: ProductDto,
  });
}

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cap being edited, or null to add one. */
  product: VendorProductDto | null;
}

/** Add New Cap / Edit Cap: the product's fields, sizes and pictures, checked with the server's own rules. */
export function ProductFormDialog({ open, onOpenChange, product }: ProductFormDialogProps) {
  const refresh = useRefreshShopData();
  const sizesRef = useRef<SizesInputHandle>(null);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageError, setImageError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = product !== null;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductFormData>({
    resolver: zodResolver(ProductForm),
    defaultValues: valuesOf(product),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Filled afresh each time the dialog opens (for another cap, or empty); a failed save keeps everything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens or its cap changes, on purpose.
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(product));
    setImages(storedImages(product?.images ?? []));
    setImageError(undefined);
    setFailure(null);
  }, [open, product?.id, reset]);

  const save = handleSubmit(async (values) => {
    setFailure(null);
    setImageError(undefined);
    try {
      const body = productBody(values, images, editing);
      if (product) {
        const saved = await apiRequest(`/products/${product.id}`, { method: 'PUT', body, schema: ProductDto });
        await restoreImageOrder(saved, images);
      } else {
        await apiRequest('/products', { method: 'POST', body, schema: ProductDto });
      }
      toast.success(editing ? 'Product updated!' : 'Product added!');
      onOpenChange(false);
      await refresh();
    } catch (error) {
      const { message, fieldErrors } = toastFailure(
        editing ? 'Failed to update product' : 'Failed to add product',
        error,
      );
      if (isUnauthenticated(error)) {
        clearSession();
        return;
      }
      const fields = byField(fieldErrors);
      applyServerFieldErrors(setError, fields, FIELDS);
      setImageError(fields.images?.[0] ?? fields.keep_images?.[0]);
      setFailure(message);
    }
  });

  // A size still in the box counts as added (the vendor sees it there); a refused one (too long) stops the save.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sizesRef.current?.commitDraft() === false) {
      event.preventDefault();
      return;
    }
    void save(event);
  };

  const title = editing ? 'Edit Cap' : 'Add New Cap';
  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editing ? 'Change what buyers see about this cap.' : 'Put a new cap on sale in your shop.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={title} className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <TextField
            label="Name"
            error={errors.name?.message}
            registration={register('name')}
            autoComplete="off"
            aria-required="true"
          />
          <TextAreaField
            label="Description"
            error={errors.description?.message}
            hint="10-1000 characters."
            registration={register('description')}
            rows={3}
            aria-required="true"
          />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <TextField
              label="Price (₦)"
              error={errors.price?.message}
              registration={register('price')}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              aria-required="true"
            />
            <TextField
              label="Stock"
              error={errors.stock?.message}
              registration={register('stock')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-required="true"
            />
            <FormField label="Category" error={errors.category?.message} className="col-span-2 sm:col-span-1">
              {(field) => (
                <Select {...field} {...register('category')} aria-required="true">
                  <option value="">Select a category</option>
                  <CategoryOptions />
                </Select>
              )}
            </FormField>
          </div>
          <Controller
            control={control}
            name="sizes"
            render={({ field, fieldState }) => (
              <SizesInput
                ref={sizesRef}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message ?? fieldState.error?.root?.message}
              />
            )}
          />
          <ImageListPicker
            label="Images"
            images={images}
            onChange={(next) => {
              setImages(next);
              setImageError(undefined);
            }}
            max={MAX_PRODUCT_IMAGES}
            tooManyMessage={VENDOR_PRODUCT_MESSAGES.tooManyImages}
            error={imageError}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              busy={isSubmitting}
              label={editing ? 'Save Changes' : 'Add Cap'}
              busyLabel="Saving..."
              className=""
            />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
