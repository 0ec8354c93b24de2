// POST /api/creatives/media (multipart: field "kind", then field "file"): one creative file, checked
// by the server (file-name rule, type and size limits of its kind, content sniffed, dimensions and
// video duration read). Sent with XMLHttpRequest so the form can show the upload's progress; the
// token and the parents' ids are the API client's. A 401 (a token rotated meanwhile) is retried
// once through the API client, which owns the session's refresh and sign-out.

import type { CreativeMedia, CreativeMediaKind } from '@console/core/api/creatives';
import { REQUEST_TIMEOUT_MS } from '@console/core/constants';
import { useMutation } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import { type ApiResult, buildUrl, mapFailure, mapResponse } from '../../../lib/http/api-result.ts';
import { buildParentParams } from '../../../lib/session/auth-record.ts';
import { getAuth, notifyRequest } from '../../../lib/session/auth-state.ts';

const PATH = '/api/creatives/media';

export type UploadMediaInput = {
  file: File;
  kind: CreativeMediaKind;
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const formOf = (file: File, kind: CreativeMediaKind) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return form;
};

const parse = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The upload through XHR: progress events, and a stall limit of the client's request timeout. */
const sendWithProgress = ({ file, kind, onProgress, signal }: UploadMediaInput) =>
  new Promise<ApiResult<CreativeMedia>>((resolve) => {
    const auth = getAuth();
    const xhr = new XMLHttpRequest();
    const query = { ...(auth ? buildParentParams(auth, auth.role) : {}), kind };
    xhr.open('POST', buildUrl(PATH, query));
    xhr.setRequestHeader('Accept', 'application/json');
    if (auth) xhr.setRequestHeader('Authorization', `Bearer ${auth.user.token}`);
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: ApiResult<CreativeMedia>) => {
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
      finish(mapResponse<CreativeMedia>(xhr.status, parse(xhr.responseText)));
    };
    xhr.onerror = () => finish(mapFailure(new Error('The upload failed: the server could not be reached.')));
    armStall();
    notifyRequest();
    xhr.send(formOf(file, kind));
  });

export const uploadCreativeMedia = async (input: UploadMediaInput): Promise<CreativeMedia> => {
  const result = await sendWithProgress(input);
  if (result.http_status === 401) {
    // The API client adopts a rotated token or ends the session (and goes to /login).
    return unwrapResult(
      await apiPost<CreativeMedia>(PATH, formOf(input.file, input.kind), { query: { kind: input.kind } }),
    );
  }
  return unwrapResult(result);
};

export const useUploadCreativeMedia = () => useMutation({ mutationFn: uploadCreativeMedia });
