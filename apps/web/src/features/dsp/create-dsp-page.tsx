// /admin/createdsp: the whole connection form at once (the guided way is /admin/newdsp).

import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useCreateDsp } from './api/create-dsp.ts';
import { DspForm } from './components/dsp-form.tsx';
import { announceCreatedDsp } from './created-toast.ts';
import { checkCreate, emptyDspValues, toCreateBody } from './dsp-form-model.ts';
import { DSP_PATHS } from './dsp-paths.ts';

const CreateDspPage = () => {
  const { t } = useTranslation('dsp');
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const create = useCreateDsp();
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <DspForm
        initial={emptyDspValues()}
        check={checkCreate}
        submitLabel={t('actions.create')}
        onCancel={() => navigate(DSP_PATHS.list)}
        onSubmit={async (values) => {
          const dsp = await create.mutateAsync(toCreateBody(values));
          announceCreatedDsp(t, dsp);
          navigate(DSP_PATHS.view(dsp.id));
        }}
      />
    </PageFrame>
  );
};

export default CreateDspPage;
