// Downloads a list's entries as CSV (GET /api/applists/:id/export, streamed by the server), with the
// spec's download toasts (section 8): starting, successful, or failed with the reason.
import {
  createDownloadErrorToast,
  createDownloadFailedToast,
  createDownloadStartingToast,
  createDownloadSuccessfulToast,
  type Toast,
} from '@console/core/toast';
import { showToast } from '../../../components/toast.ts';
import { buildUrl } from '../../../lib/http/api-result.ts';
import { buildParentParams } from '../../../lib/session/auth-record.ts';
import { getAuth } from '../../../lib/session/auth-state.ts';

const notify = (toast: Toast) => showToast(toast.kind, toast.message);

export const exportFileNameOf = (name: string) => `${name.replace(/[^\p{L}\p{N}-]+/gu, '_') || 'list'}.csv`;

export const downloadExport = async (id: number, name: string) => {
  const fileName = exportFileNameOf(name);
  notify(createDownloadStartingToast(fileName));
  try {
    const auth = getAuth();
    const response = await fetch(
      buildUrl(`/api/applists/${id}/export`, auth ? buildParentParams(auth, auth.role) : {}),
      {
        headers: auth ? { Authorization: `Bearer ${auth.user.token}` } : {},
      },
    );
    if (!response.ok) {
      notify(createDownloadFailedToast(fileName));
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    notify(createDownloadSuccessfulToast(fileName));
  } catch (error) {
    notify(createDownloadErrorToast(error instanceof Error ? error.message : String(error)));
  }
};
