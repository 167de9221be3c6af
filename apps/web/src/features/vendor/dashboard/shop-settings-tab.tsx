import { type PublicVendorDto, UI_TEXT, UserDto, type VendorDto, vendorShopFields } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DashboardSection } from '@/components/dashboard-section';
import { ShopCard } from '@/components/shop-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert, TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { apiRequest } from '@/lib/api';
import { readServerError } from '@/lib/server-errors';
import { useAuthFailure } from '@/lib/use-auth-failure';
import { useStoreProfile } from '@/lib/use-store-profile';
import { ImagePicker, usePreviewUrl } from '../image-picker';
import { BankingForm } from './account-banking-form';
import { VENDOR_SIGN_IN_PATH, VendorProfileLoader } from './account-profile-loader';
import { reportSaveFailure } from './account-save-failure';

/** Spec 5: shop name 3-50, description 10-500 characters, as at registration. */
const ShopSchema = z.object({
  shop_name: vendorShopFields.shop_name,
  shop_description: vendorShopFields.shop_description,
});
const FIELDS = ['shop_name', 'shop_description'] as const;

type ShopImageField = 'profile_image' | 'cover_image';
type ShopImages = Record<ShopImageField, File | null>;
const NO_IMAGES: ShopImages = { profile_image: null, cover_image: null };

/** Shop Settings: the shop's public face, and (spec 2) its bank fields, the same form as in Account. */
export function ShopSettingsTab() {
  return (
    <DashboardSection title="Shop Settings" description="How your shop appears to customers.">
      <VendorProfileLoader loadingLabel="Loading your shop..." failureTitle="Failed to load your shop">
        {(user) =>
          user.vendor ? (
            <ShopSettingsForm user={user} vendor={user.vendor} />
          ) : (
            <FormAlert message="This account has no shop." />
          )
        }
      </VendorProfileLoader>
    </DashboardSection>
  );
}

function ShopSettingsForm({ user, vendor }: { user: UserDto; vendor: VendorDto }) {
  const storeProfile = useStoreProfile();
  const onAuthFailure = useAuthFailure(VENDOR_SIGN_IN_PATH);
  const [failure, setFailure] = useState<string | null>(null);
  const [images, setImages] = useState<ShopImages>(NO_IMAGES);
  const [imageErrors, setImageErrors] = useState<Partial<Record<ShopImageField, string>>>({});
  // A new key after a save gives fresh file inputs, which otherwise keep showing the sent file's name.
  const [pickerKey, setPickerKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(ShopSchema),
    defaultValues: { shop_name: vendor.shop_name, shop_description: vendor.shop_description },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [shopName, shopDescription] = useWatch({ control, name: ['shop_name', 'shop_description'] });
  const profilePreview = usePreviewUrl(images.profile_image);
  const coverPreview = usePreviewUrl(images.cover_image);
  const unsaved = isDirty || images.profile_image !== null || images.cover_image !== null;

  const pickImage = (field: ShopImageField) => (file: File | null) => {
    setImages((current) => ({ ...current, [field]: file }));
    setImageErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = new FormData();
    body.append('shop_name', values.shop_name);
    body.append('shop_description', values.shop_description);
    if (images.profile_image) body.append('profile_image', images.profile_image);
    if (images.cover_image) body.append('cover_image', images.cover_image);
    try {
      const updated = await apiRequest('/profile', { method: 'PUT', body, schema: UserDto });
      storeProfile(updated);
      reset({
        shop_name: updated.vendor?.shop_name ?? values.shop_name,
        shop_description: updated.vendor?.shop_description ?? values.shop_description,
      });
      setImages(NO_IMAGES);
      setPickerKey((key) => key + 1);
      toast.success(UI_TEXT.shopUpdated);
    } catch (error) {
      if (onAuthFailure(error, 'Please log in again to update your shop')) return;
      const { fieldErrors } = readServerError(error, UI_TEXT.shopUpdateFailed);
      setImageErrors({ profile_image: fieldErrors.profile_image?.[0], cover_image: fieldErrors.cover_image?.[0] });
      setFailure(reportSaveFailure(error, UI_TEXT.shopUpdateFailed, setError, FIELDS));
    }
  });

  // The card as the Shops directory will draw it, from what is typed and picked right now.
  const preview: PublicVendorDto = {
    id: vendor.id,
    user: { name: user.full_name },
    shop_name: shopName,
    shop_description: shopDescription,
    address: vendor.address,
    phone: vendor.phone,
    average_rating: vendor.average_rating,
    total_reviews: vendor.total_reviews,
    total_products: 0,
    profile_image: profilePreview ?? vendor.profile_image,
    cover_image: coverPreview ?? vendor.cover_image,
    is_verified: vendor.is_verified,
    verified_at: vendor.verified_at,
    created_at: vendor.created_at,
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Shop Information</CardTitle>
            <CardDescription>Your shop's name, description and pictures.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} noValidate aria-label="Shop settings" className="flex flex-col gap-5">
              <FormAlert message={failure} />
              <TextField
                label="Shop Name"
                error={errors.shop_name?.message}
                registration={register('shop_name')}
                autoComplete="organization"
                aria-required="true"
              />
              <TextAreaField
                label="Shop Description"
                error={errors.shop_description?.message}
                hint="What you sell and what makes your caps special (10-500 characters)."
                registration={register('shop_description')}
                rows={4}
                aria-required="true"
              />
              <div key={pickerKey} className="flex flex-col gap-6">
                <ImagePicker
                  label="Profile Image"
                  name="profile_image"
                  shape="square"
                  file={images.profile_image}
                  onChange={pickImage('profile_image')}
                  error={imageErrors.profile_image}
                  current={vendor.profile_image}
                  hint="JPEG, PNG or WebP, up to 5 MB. Leave empty to keep the current one."
                />
                <ImagePicker
                  label="Cover Image"
                  name="cover_image"
                  shape="wide"
                  file={images.cover_image}
                  onChange={pickImage('cover_image')}
                  error={imageErrors.cover_image}
                  current={vendor.cover_image}
                  hint="JPEG, PNG or WebP, up to 5 MB. A wide picture works best. Leave empty to keep the current one."
                />
              </div>
              <div className="mt-2 flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
                {unsaved ? (
                  <p className="text-sm text-muted-foreground" role="status">
                    You have unsaved changes.
                  </p>
                ) : null}
                <SubmitButton busy={isSubmitting} label="Save Shop Settings" busyLabel="Saving..." />
              </div>
            </form>
          </CardContent>
        </Card>
        <BankingForm user={user} />
      </div>
      <section aria-labelledby="shop-preview-title" className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-24">
        <div>
          <h3 id="shop-preview-title" className="text-lg font-semibold">
            Shop Preview
          </h3>
          <p className="text-sm text-muted-foreground">Your card in the Shops directory, as you type.</p>
        </div>
        <ShopCard vendor={preview} />
      </section>
    </div>
  );
}
