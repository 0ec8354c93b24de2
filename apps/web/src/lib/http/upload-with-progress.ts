// A multipart upload that reports its progress: XMLHttpRequest (fetch has no upload progress), with
// the API client's token and parents' ids, a stall limit of the client's request timeout (a big file
// may take long, but never that long without a byte moving), and cancellation. A 401 (a token rotated
// meanwhile) is retried once through the API client, which owns the session's refresh and sign-out.
import { REQUEST_TIMEOUT_MS } from '@console/core/constants';
import { buildParentParams } from '../session/auth-record.ts';
import { getAuth, notifyRequest } from '../session/auth-state.ts';
import { apiPost, unwrapResult } from './api-client.ts';
import { type ApiResult, buildUrl, mapFailure, mapResponse, type Query } from './api-result.ts';

export type UploadOptions = {
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  query?: Query;
};

const parse = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const send = <T>(path: string, form: FormData, { onProgress, signal, query }: UploadOptions) =>
  new Promise<ApiResult<T>>((resolve) => {
    const auth = getAuth();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, { ...(auth ? buildParentParams(auth, auth.role) : {}), ...query }));
    xhr.setRequestHeader('Accept', 'application/json');
    if (auth) xhr.setRequestHeader('Authorization', `Bearer ${auth.user.token}`);
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: ApiResult<T>) => {
      clearTimeout(stall);
      signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.abort();
        finish(
          mapFailure(
            new Error(`The upload stalled for ${REQUEST_TIMEOUT_MS / 1000} seconds and was stopped.`),
          ),
        );
      }, REQUEST_TIMEOUT_MS);
    };
    const abort = () => {
      xhr.abort();
      finish(mapFailure(new Error('The upload was cancelled.')));
    };
    signal?.addEventListener('abort', abort);
    xhr.upload.onprogress = (event) => {
      armStall();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress?.(1);
      finish(mapResponse<T>(xhr.status, parse(xhr.responseText)));
    };
    xhr.onerror = () => finish(mapFailure(new Error('The upload failed: the server could not be reached.')));
    armStall();
    notifyRequest();
    xhr.send(form);
  });

/** POSTs the form built by `makeForm` (built again for the retry: a FormData is sent once). */
export const uploadWithProgress = async <T>(
  path: string,
  makeForm: () => FormData,
  options: UploadOptions = {},
): Promise<T> => {
  const result = await send<T>(path, makeForm(), options);
  if (result.http_status === 401) {
    // The API client adopts a rotated token or ends the session (and goes to /login).
    return unwrapResult(await apiPost<T>(path, makeForm(), { query: options.query }));
  }
  return unwrapResult(result);
};
