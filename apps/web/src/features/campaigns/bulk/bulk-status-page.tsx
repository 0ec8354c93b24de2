// /admin/bulk-campaign-status and /co-admin/bulk-campaign-status: move many campaigns to one status
// (approve, reject with a reason shown to the advertiser, pause, resume, complete, revise, archive).
// The lifecycle table of core decides per campaign; a campaign that cannot make the move is
// reported with the server's reason and the others are moved.
import './bulk-styles.ts';
import { BULK_MAX_IDS } from '@console/core/api/campaigns-constants';
import { sideOfRole } from '@console/core/campaign-status';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useBulkStatus } from '../api/bulk-status.ts';
import { type BulkPlan, BulkSteps, useBulkMessage } from './bulk-flow.tsx';
import { StatusChooser } from './bulk-inputs.tsx';
import { countMovable, EMPTY_STATUS, type StatusForm, toStatusBody } from './bulk-model.ts';
import { useBulkCampaigns } from './use-bulk-campaigns.ts';

const BulkStatusPage = () => {
  const { t } = useTranslation('campaign-bulk');
  const route = useCurrentRoute();
  const auth = useSession().auth;
  const campaigns = useBulkCampaigns('bulk-campaigns');
  const fields = useFieldErrors();
  const translate = useBulkMessage();
  const [form, setForm] = useState<StatusForm>(EMPTY_STATUS);
  const call = useBulkStatus();
  const { ids, known } = campaigns;
  const statuses = ids.map((id) => known.get(id)?.status);

  const plan = (): BulkPlan | null => {
    fields.clear();
    const check = toStatusBody(ids, form);
    if (!check.success) {
      fields.setErrors(check.errors);
      return null;
    }
    const { body } = check;
    const status = t(`status.${body.to}`);
    const count = auth ? countMovable(statuses, body.to, auth.role) : null;
    const refused = count ? count.blocked.reduce((sum, item) => sum + item.count, 0) : 0;
    return {
      title: t('plan.status.title'),
      changes: [
        t('plan.status.to', { status }),
        ...(body.reason ? [t('plan.status.reason', { reason: body.reason })] : []),
      ],
      notes: [
        ...(refused > 0 ? [t('notes.statusRefused', { count: refused, status })] : []),
        t('notes.statusPerCampaign'),
      ],
      confirmLabel: t('plan.status.confirm', { status }),
      danger: body.to === 'REJECTED' || body.to === 'ARCHIVED' || body.to === 'COMPLETED',
      run: () => call.mutateAsync(body),
    };
  };

  if (!route || !auth) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" size="sm" maw={820}>
        {t('statusPage.intro', { max: BULK_MAX_IDS })}
      </Text>
      <BulkSteps campaigns={campaigns} fields={fields} changeTitle={t('steps.status')} plan={plan}>
        <StatusChooser
          side={sideOfRole(auth.role)}
          role={auth.role}
          statuses={statuses}
          form={form}
          onChange={(next) => {
            setForm(next);
            fields.clear('to');
            fields.clear('reason');
          }}
          errorOf={(field) => translate(fields.errorOf(field))}
        />
      </BulkSteps>
    </PageFrame>
  );
};

export default BulkStatusPage;
