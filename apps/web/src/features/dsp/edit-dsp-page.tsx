// /admin/editdsp/{id}: the connection form filled with the saved values; the credentials show
// their hints and are replaced only when the admin types new ones, or must be typed again when the
// type or the endpoint changes. One PUT saves both.

import { useNavigate, useParams } from 'react-router';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useDsp } from './api/get-dsp.ts';
import { useUpdateDsp } from './api/update-dsp.ts';
import { DspForm } from './components/dsp-form.tsx';
import { checkEdit, toEditBody, valuesFromDsp } from './dsp-form-model.ts';
import { DSP_PATHS, parseId } from './dsp-paths.ts';

const EditDspPage = () => {
  const { t } = useTranslation('dsp');
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const dsp = useDsp(id);
  const update = useUpdateDsp();
  if (!route) return null;
  const saved = dsp.data;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {saved ? (
        <DspForm
          key={saved.id}
          initial={valuesFromDsp(saved)}
          saved={{ type: saved.type, endpoint_url: saved.endpoint_url, hints: saved.credentials_hint }}
          check={(values) => checkEdit(values, saved)}
          submitLabel={t('actions.save')}
          onCancel={() => navigate(DSP_PATHS.view(saved.id))}
          onSubmit={async (values) => {
            const updated = await update.mutateAsync({ id: saved.id, body: toEditBody(values, saved) });
            showToast('success', t('toasts.saved', { name: updated.name }));
            if (updated.status === 'INACTIVE' && saved.status === 'ACTIVE') {
              showToast('info', t('toasts.inactiveAfterTypeChange'));
            }
            navigate(DSP_PATHS.view(saved.id));
          }}
        />
      ) : (
        <LoadState
          isError={dsp.isError || id === 0}
          error={dsp.error}
          onRetry={id > 0 ? () => void dsp.refetch() : undefined}
          testId="dsp"
        />
      )}
    </PageFrame>
  );
};

export default EditDspPage;
