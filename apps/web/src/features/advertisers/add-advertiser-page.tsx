// /agency/addAdvertiser: a new advertiser of the agency, active at once, with its first password.

import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { ADVERTISER_PATHS } from './advertiser-paths.ts';
import { createAdvertiserBody, useCreateAdvertiser } from './api/create-advertiser.ts';
import { AdvertiserForm } from './components/advertiser-form.tsx';

const EMPTY = { email: '', password: '', firstName: '', lastName: '', companyName: '' };

const AddAdvertiserPage = () => {
  const { t } = useTranslation('advertisers');
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const create = useCreateAdvertiser();
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <AdvertiserForm
        initial={EMPTY}
        schema={createAdvertiserBody}
        withPassword
        submitLabel={t('actions.create')}
        onCancel={() => navigate(ADVERTISER_PATHS.list)}
        onSubmit={async (body) => {
          const advertiser = await create.mutateAsync(body);
          showToast('success', t('toasts.created', { email: advertiser.email }));
          navigate(ADVERTISER_PATHS.list);
        }}
      />
    </PageFrame>
  );
};

export default AddAdvertiserPage;
