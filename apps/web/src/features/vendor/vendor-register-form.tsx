import { AuthResultDto, type BankDto, UI_TEXT } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { EmailField } from '@/components/forms/email-field';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { PhoneField } from '@/components/forms/phone-field';
import { TermsCheckbox } from '@/components/forms/terms-checkbox';
import { FormAlert, TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toaster';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, readServerError } from '@/lib/server-errors';
import { useBankAccountCheck } from '@/lib/use-bank-account';
import { BankFields } from './bank-fields';
import { VendorRegisterFormSchema } from './bank-form-schema';
import { ImagePicker } from './image-picker';

const TEXT_FIELDS = [
  'full_name',
  'email',
  'phone',
  'shop_name',
  'shop_description',
  'address',
  'account_holder_name',
  'account_number',
  'bank_code',
  'bank_name',
  'password',
  'password_confirmation',
  'terms_accepted',
] as const;

type ShopImageField = 'profile_image' | 'cover_image';
type ShopImages = Record<ShopImageField, File | null>;
type ShopImageErrors = Partial<Record<ShopImageField, string>>;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    // min-w-0: a fieldset is as wide as its widest content by default, which lets file inputs push it off screen.
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-border p-4 sm:p-5">
      <legend className="px-1 font-display text-lg font-semibold">{title}</legend>
      {description ? <p className="-mt-2 text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </fieldset>
  );
}

export function VendorRegisterForm({ isActive }: { isActive: boolean }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  /** Sending was stopped because the bank did not confirm the account; said until it does. */
  const [blocked, setBlocked] = useState(false);
  const [images, setImages] = useState<ShopImages>({ profile_image: null, cover_image: null });
  const [imageErrors, setImageErrors] = useState<ShopImageErrors>({});
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(VendorRegisterFormSchema),
    defaultValues: {
      full_name: '',
      email: '',
      phone: '',
      shop_name: '',
      shop_description: '',
      address: '',
      account_holder_name: '',
      account_number: '',
      bank_code: '',
      bank_name: '',
      password: '',
      password_confirmation: '',
      terms_accepted: false,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const [bankCode, accountNumber] = useWatch({ control, name: ['bank_code', 'account_number'] });
  const account = useBankAccountCheck({ bank_code: bankCode, account_number: accountNumber });
  const chooseBank = useCallback(
    (bank: BankDto | null) => {
      setValue('bank_code', bank?.code ?? '', { shouldValidate: Boolean(errors.bank_code) });
      setValue('bank_name', bank?.name ?? '');
    },
    [setValue, errors.bank_code],
  );

  useEffect(() => {
    if (isActive) return;
    clearErrors();
    setFailure(null);
    setBlocked(false);
    setImageErrors({});
  }, [isActive, clearErrors]);

  const pickImage = (field: ShopImageField) => (file: File | null) => {
    setImages((current) => ({ ...current, [field]: file }));
    setImageErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setBlocked(false);
    // The bank must know the account before the shop is created; its answer is shown under the number.
    if ((await account.ensureResolved()) === null) {
      setBlocked(true);
      return;
    }
    const body = new FormData();
    const { terms_accepted: _accepted, ...fields } = values;
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('role', 'vendor');
    body.append('terms_accepted', 'true');
    if (images.profile_image) body.append('profile_image', images.profile_image);
    if (images.cover_image) body.append('cover_image', images.cover_image);
    try {
      const result = await apiRequest('/register', { method: 'POST', body, schema: AuthResultDto });
      signIn(result);
      toast.success(UI_TEXT.vendorRegistrationSuccess, { description: UI_TEXT.vendorRegistrationSuccessBody });
      navigate('/vendor/dashboard', { replace: true });
    } catch (error) {
      const { message, fieldErrors } = readServerError(error, UI_TEXT.registrationFailed);
      setFailure(message);
      applyServerFieldErrors(setError, fieldErrors, TEXT_FIELDS);
      setImageErrors({ profile_image: fieldErrors.profile_image?.[0], cover_image: fieldErrors.cover_image?.[0] });
      toast.error(UI_TEXT.registrationFailed, { description: message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Register your shop">
      <FormAlert
        message={failure ?? (blocked && account.check.status !== 'resolved' ? UI_TEXT.bankAccountUnverified : null)}
      />
      <Section title="Personal Information">
        <TextField
          label="Full Name"
          error={errors.full_name?.message}
          registration={register('full_name')}
          autoComplete="name"
          aria-required="true"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <EmailField registration={register('email')} error={errors.email?.message} />
          <PhoneField error={errors.phone?.message} registration={register('phone')} />
        </div>
      </Section>

      <Section title="Shop Information">
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
          rows={3}
          aria-required="true"
        />
        <TextField
          label="Shop Address"
          error={errors.address?.message}
          registration={register('address')}
          autoComplete="street-address"
          aria-required="true"
        />
      </Section>

      <Section title="Bank Information" description="Where your earnings are paid.">
        <BankFields
          registered={{
            account_holder_name: register('account_holder_name'),
            account_number: register('account_number'),
          }}
          bankCode={bankCode}
          onBankChange={chooseBank}
          account={account}
          errors={{
            account_holder_name: errors.account_holder_name?.message,
            account_number: errors.account_number?.message,
            bank_code: errors.bank_code?.message ?? errors.bank_name?.message,
          }}
        />
      </Section>

      <Section title="Shop Images" description="Optional: you can add or change them later.">
        <div className="flex flex-col gap-6">
          <ImagePicker
            label="Profile Image"
            name="profile_image"
            shape="square"
            file={images.profile_image}
            onChange={pickImage('profile_image')}
            error={imageErrors.profile_image}
          />
          <ImagePicker
            label="Cover Image"
            name="cover_image"
            shape="wide"
            file={images.cover_image}
            onChange={pickImage('cover_image')}
            error={imageErrors.cover_image}
          />
        </div>
      </Section>

      <Section title="Account Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            label="Password"
            confirmLabel="Confirm Password"
            password={register('password')}
            confirmation={register('password_confirmation')}
            errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
          />
        </div>
      </Section>

      <TermsCheckbox control={control} name="terms_accepted" />
      <SubmitButton
        busy={isSubmitting}
        label="Register as Vendor"
        busyLabel="Creating your shop..."
        size="lg"
        className="w-full"
      />
    </form>
  );
}
