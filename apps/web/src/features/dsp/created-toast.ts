// What the admin is told after creating a DSP: the API saves one whose connection test failed
// inactive, and says so.
import type { Dsp } from '@console/core/api/dsps';
import { showToast } from '../../components/toast.ts';
import type { TFunction } from '../../lib/i18n/locale-store.ts';

export const announceCreatedDsp = (t: TFunction, dsp: Dsp) => {
  if (dsp.status === 'ACTIVE') showToast('success', t('toasts.created', { name: dsp.name }));
  else showToast('info', t('toasts.createdInactive', { name: dsp.name }));
};
