import { AccountPasswordForm, UI_TEXT } from '@caps/contracts';
import { ProfileForm, type ProfileFormTexts } from '@/components/account/profile-tab';
import { SecurityTab } from '@/components/account/security-tab';
import { DashboardSection } from '@/components/dashboard-section';
import { BankingForm } from './account-banking-form';
import { VENDOR_SIGN_IN_PATH, VendorProfileLoader } from './account-profile-loader';
import { TRY_AGAIN } from './failure-toast';

const ACCOUNT_TEXTS: ProfileFormTexts = {
  success: UI_TEXT.accountUpdated,
  failure: UI_TEXT.accountUpdateFailed,
  failureBody: TRY_AGAIN,
};

/**
 * Account: personal information (the customer settings' form, with the dashboard's toasts), the
 * password, and the bank account the shop's earnings are paid into.
 */
export function AccountSettingsTab() {
  return (
    <DashboardSection title="Account Settings" description="Your personal details, password and banking details.">
      <VendorProfileLoader loadingLabel="Loading your account..." failureTitle="Failed to load your account">
        {(user) => (
          <>
            <ProfileForm user={user} texts={ACCOUNT_TEXTS} signInPath={VENDOR_SIGN_IN_PATH} />
            <SecurityTab signInPath={VENDOR_SIGN_IN_PATH} schema={AccountPasswordForm} />
            {user.vendor ? <BankingForm user={user} /> : null}
          </>
        )}
      </VendorProfileLoader>
    </DashboardSection>
  );
}
