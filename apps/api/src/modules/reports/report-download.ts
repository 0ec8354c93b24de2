// CSV downloads of reports and of the running-apps export. The POST that asks for a file answers
// `{csv_download_url}`: a URL holding a token signed with the server's key that names the file, the
// user it was made for and its expiry. Fetching it needs that same user's bearer token too, so a URL
// that reaches another tenant (a log, a shared screen) reads nothing: it answers "not found".
//
// The CSV is streamed (platform/csv-writer.ts) row batch by row batch from the database, never
// built whole. It starts with a UTF-8 byte order mark: Excel (the spreadsheet most users open it
// with) reads a CSV without one in the system's legacy code page and garbles names with accents or
// non-Latin letters; LibreOffice, Numbers and Google Sheets take the BOM in their stride.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN_LIFETIME_MS = 10 * 60_000;

export type DownloadSubject = { kind: 'report'; reportId: number } | { kind: 'running-apps'; query: string };
type TokenBody = { uid: number; exp: number; name: string; subject: DownloadSubject };

export type DownloadSigner = {
  sign: (uid: number, name: string, subject: DownloadSubject) => string;
  /** The token's body when its signature holds, it has not expired and it was made for `uid`. */
  verify: (token: string, uid: number) => TokenBody | null;
};

export const createDownloadSigner = (secret: string): DownloadSigner => {
  const key = createHmac('sha256', secret).update('csv-downloads').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(uid, name, subject) {
      const body: TokenBody = { uid, exp: Date.now() + TOKEN_LIFETIME_MS, name, subject };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verify(token, uid) {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody;
        return body.uid === uid && body.exp > Date.now() ? body : null;
      } catch {
        return null;
      }
    },
  };
};

export const downloadUrlOf = (token: string) => `/api/report/download/${token}`;

/** Content-Disposition for a file name (ASCII fallback plus RFC 5987 UTF-8 form). */
export const attachmentOf = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w\-. ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
