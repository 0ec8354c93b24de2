// The only way the console talks to the API (spec section 7): Bearer token of the current user,
// parents' ids while impersonating, bodies sealed as {encryptedData}, answers opened from
// {encryptedResponse}, a 60 s timeout and the result mapping of section 8.
import { REQUEST_TIMEOUT_MS } from '@console/core/constants';
import { importEnvelopeKey, openJson, sealJson } from '@console/core/envelope';
import type { Role } from '@console/core/roles';
import { navigateTo } from '../navigation/app-navigator.ts';
import { buildParentParams } from '../session/auth-record.ts';
import { dropAuth, getAuth, notifyRequest, readStoredAuth, setAuthInMemory } from '../session/auth-state.ts';
import { type ApiResult, buildUrl, mapFailure, mapResponse, type Query } from './api-result.ts';

export type { ApiResult, Query } from './api-result.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Another held token (a parent's) instead of the current user's; `role` names its owner. */
  as?: { token: string; role: Role };
  /** Send no Authorization header (public endpoints called while signed in). */
  anonymous?: boolean;
  /** Leave the session alone on 401 (logout calls). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key on a money-moving POST). */
  headers?: Record<string, string>;
};

let payloadKey: Promise<CryptoKey> | null = null;

/** The envelope key, fetched once per page life and kept in memory only. */
const getPayloadKey = (): Promise<CryptoKey> => {
  payloadKey ??= fetch('/api/auth/payload-key', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json()) as { data?: { key?: string } };
      if (!response.ok || !body.data?.key) throw new Error('The payload key could not be loaded.');
      return importEnvelopeKey(body.data.key);
    })
    .catch((error: unknown) => {
      payloadKey = null;
      throw error;
    });
  return payloadKey;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed === 'object' && parsed !== null && 'encryptedResponse' in parsed) {
    const sealed = (parsed as { encryptedResponse: unknown }).encryptedResponse;
    if (typeof sealed === 'string') return openJson(await getPayloadKey(), sealed);
  }
  return parsed;
};

const buildInit = async (method: Method, options: RequestOptions, token: string | undefined) => {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined && method !== 'GET' && method !== 'DELETE') {
    if (options.body instanceof FormData) {
      body = options.body; // multipart uploads cannot be enveloped
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ encryptedData: await sealJson(await getPayloadKey(), options.body) });
    }
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  return { method, headers, body, signal } satisfies RequestInit;
};

const describeFailure = (error: unknown): unknown =>
  error instanceof DOMException && error.name === 'TimeoutError'
    ? new Error(`The request timed out after ${REQUEST_TIMEOUT_MS / 1000} seconds.`)
    : error;

const send = async <T>(method: Method, path: string, options: RequestOptions, retried: boolean) => {
  const auth = options.anonymous ? null : getAuth();
  const token = options.as?.token ?? auth?.user.token;
  const parents = auth ? buildParentParams(auth, options.as?.role ?? auth.role) : {};
  const url = buildUrl(path, { ...parents, ...options.query });
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, await buildInit(method, options, token));
    body = await readBody(response);
  } catch (error) {
    return mapFailure<T>(describeFailure(error));
  }
  if (response.status === 401 && token && !options.ignoreUnauthorized) {
    // A refresh (here or in another tab) may have rotated the token while this call was in
    // flight: adopt the newer record and try once more before giving up the session.
    if (!retried && !options.as) {
      const latest = getAuth();
      if (latest && latest.user.token !== token) return send<T>(method, path, options, true);
      const stored = await readStoredAuth();
      if (stored && stored.user.token !== token) {
        setAuthInMemory(stored);
        return send<T>(method, path, options, true);
      }
    }
    await dropAuth();
    navigateTo('/login', { replace: true });
  }
  return mapResponse<T>(response.status, body);
};

export const apiRequest = <T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> => {
  if (!path.includes('refresh-token')) notifyRequest();
  return send<T>(method, path, options, false);
};

export const apiGet = <T>(path: string, query?: Query, options?: RequestOptions) =>
  apiRequest<T>('GET', path, { ...options, query });
export const apiPost = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  apiRequest<T>('POST', path, { ...options, body });
export const apiPut = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  apiRequest<T>('PUT', path, { ...options, body });
export const apiPatch = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  apiRequest<T>('PATCH', path, { ...options, body });
export const apiDelete = <T>(path: string, query?: Query, options?: RequestOptions) =>
  apiRequest<T>('DELETE', path, { ...options, query });

/** A failed result as an exception, for TanStack Query (queryFn / mutationFn). */
export class ApiError extends Error {
  readonly error_code: number;
  readonly errors: Record<string, string> | undefined;
  constructor(result: ApiResult<unknown>) {
    super(result.message);
    this.name = 'ApiError';
    this.error_code = result.error_code ?? 500;
    this.errors = result.errors;
  }
}

/** Resolves with `data` of a successful result, rejects with ApiError otherwise. */
export const unwrapResult = <T>(result: ApiResult<T>): T => {
  if (!result.success) throw new ApiError(result);
  return result.data as T;
};

/** GET for a queryFn: `useQuery({ queryKey, queryFn: () => fetchData<number>('/api/...') })`. */
export const fetchData = async <T>(path: string, query?: Query): Promise<T> =>
  unwrapResult(await apiGet<T>(path, query));

/**
 * A file answer (CSV, PDF) as a Blob with the server's file name, for a download the user asked
 * for: the same token, parents' ids and timeout as every call; a failure is the API's message.
 */
export const apiDownload = async (
  path: string,
  query?: Query,
): Promise<{ blob: Blob; fileName: string | undefined }> => {
  notifyRequest();
  const auth = getAuth();
  const parents = auth ? buildParentParams(auth, auth.role) : {};
  const response = await fetch(buildUrl(path, { ...parents, ...query }), {
    headers: auth ? { Authorization: `Bearer ${auth.user.token}` } : {},
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw describeFailure(error);
  });
  if (!response.ok) {
    const result = mapResponse<unknown>(response.status, await readBody(response));
    throw new ApiError(result);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName };
};
