// /profile, /agency/profile, /admin/profile, /co-admin/profile: the signed-in user's names and
// company, e-mail change with a code sent to the new address, and password change.
import '@mantine/core/styles/Stack.css';
import { Stack } from '@mantine/core';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useProfile } from './api/get-profile.ts';
import { DetailsForm } from './components/details-form.tsx';
import { EmailForm } from './components/email-form.tsx';
import { PasswordForm } from './components/password-form.tsx';

const ProfilePage = () => {
  useTranslation('profile'); // loads the namespace before the sections render
  const route = useCurrentRoute();
  const profile = useProfile();
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {profile.data ? (
        <Stack gap="lg" maw={760}>
          <DetailsForm key={profile.data.user_primary_id} user={profile.data} />
          <EmailForm email={profile.data.email} />
          <PasswordForm />
        </Stack>
      ) : (
        <LoadState
          isError={profile.isError}
          error={profile.error}
          onRetry={() => void profile.refetch()}
          testId="profile"
        />
      )}
    </PageFrame>
  );
};

export default ProfilePage;
