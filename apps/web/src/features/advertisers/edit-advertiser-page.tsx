// /agency/editAdvertiser/{id}: e-mail, names and company of one of the agency's advertisers, and
// the agency's margin on it.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import { editUserBody } from '@console/core/api/users';
import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { ADVERTISER_PATHS, parseId } from './advertiser-paths.ts';
import { useAdvertiser } from './api/get-advertiser.ts';
import { useUpdateAdvertiser } from './api/update-advertiser.ts';
import { AdvertiserForm } from './components/advertiser-form.tsx';
import { MarginEditor } from './components/margin-editor.tsx';

const EditAdvertiserPage = () => {
  const { t } = useTranslation('advertisers');
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const advertiser = useAdvertiser(id);
  const update = useUpdateAdvertiser();
  if (!route) return null;
  const saved = advertiser.data;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        saved ? (
          <Button
            component={Link}
            to={ADVERTISER_PATHS.changeLog(saved.user_primary_id)}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden="true" />}
          >
            {t('actions.changeLog')}
          </Button>
        ) : undefined
      }
    >
      {saved ? (
        <>
          <AdvertiserForm
            key={saved.user_primary_id}
            initial={{
              email: saved.email,
              firstName: saved.firstName,
              lastName: saved.lastName,
              companyName: saved.companyName,
            }}
            schema={editUserBody}
            withPassword={false}
            submitLabel={t('actions.save')}
            onCancel={() => navigate(ADVERTISER_PATHS.list)}
            onSubmit={async (body) => {
              const updated = await update.mutateAsync({ id: saved.user_primary_id, body });
              showToast('success', t('toasts.saved', { email: updated.email }));
              navigate(ADVERTISER_PATHS.list);
            }}
          />
          <MarginEditor id={saved.user_primary_id} />
        </>
      ) : (
        <LoadState
          isError={advertiser.isError || id === 0}
          error={advertiser.error}
          onRetry={id > 0 ? () => void advertiser.refetch() : undefined}
          testId="advertiser"
        />
      )}
    </PageFrame>
  );
};

export default EditAdvertiserPage;
