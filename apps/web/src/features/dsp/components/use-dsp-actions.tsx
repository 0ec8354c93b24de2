// The actions of one saved DSP shared by the list and the view page: activate / deactivate after a
// confirmation, and a connection test with the stored credentials (its outcome as a toast).
import type { Dsp } from '@console/core/api/dsps';
import { useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSetDspStatus } from '../api/set-dsp-status.ts';
import { useTestSavedDsp } from '../api/test-saved-dsp.ts';
import { useTestMessageText } from './test-result.tsx';

export const useDspActions = () => {
  const { t } = useTranslation('dsp');
  const [pending, setPending] = useState<Dsp | null>(null);
  const setStatus = useSetDspStatus();
  const test = useTestSavedDsp();
  const messageText = useTestMessageText();
  const isActive = pending?.status === 'ACTIVE';

  const confirm = async () => {
    if (!pending) return;
    const status = isActive ? 'INACTIVE' : 'ACTIVE';
    try {
      const dsp = await setStatus.mutateAsync({ id: pending.id, status });
      showToast(
        'success',
        t(status === 'ACTIVE' ? 'toasts.activated' : 'toasts.deactivated', { name: dsp.name }),
      );
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.generic')));
      throw error;
    }
  };

  const runTest = (dsp: Dsp) => {
    test.mutate(dsp.id, {
      onSuccess: (result) =>
        showToast(
          result.ok ? 'success' : 'error',
          `${t(result.ok ? 'test.okNamed' : 'test.failedNamed', { name: dsp.name })} ${messageText(result.message)} ${t('test.latency', { ms: result.latency_ms })}`,
        ),
      onError: (error) => showToast('error', failureMessage(error, t('errors.generic'))),
    });
  };

  const dialog = (
    <ConfirmAction
      opened={pending !== null}
      onClose={() => setPending(null)}
      onConfirm={confirm}
      danger={isActive}
      title={isActive ? t('confirm.deactivateTitle') : t('confirm.activateTitle')}
      message={t(isActive ? 'confirm.deactivateMessage' : 'confirm.activateMessage', {
        name: pending?.name ?? '',
      })}
      confirmLabel={isActive ? t('actions.deactivate') : t('actions.activate')}
      testId="dsp-status-confirm"
    />
  );

  return {
    askStatusChange: setPending,
    runTest,
    testingId: test.isPending ? test.variables : undefined,
    dialog,
  };
};
