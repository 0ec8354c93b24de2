// The history as CSV and the monthly statement as PDF: fetched with the session's token and saved
// under the server's file name, through the console's one download flow (spec section 8's toasts).
import { downloadFile } from '../../../components/download-flow.ts';
import { apiDownload, type Query } from '../../../lib/http/api-client.ts';

export const downloadFundsFile = (path: string, query: Query, fallbackName: string) =>
  downloadFile(fallbackName, () => apiDownload(path, query));
