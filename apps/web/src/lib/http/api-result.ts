// Mapping of HTTP answers to the console's result shape (spec sections 7 and 8). Pure, unit-tested.

export type ApiResult<T> = {
  success: boolean;
  message?: string;
  data?: T;
  /** 401, 403, 404 as answered; every other failure (timeouts included) is 500. */
  error_code?: number;
  /** Field messages of a validation failure (HTTP 400). */
  errors?: Record<string, string>;
  /** refresh-token answers status 1 on success. */
  status?: number;
  /** The HTTP status actually answered, for screens that need more than error_code. */
  http_status?: number;
};

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const messageOf = (body: unknown): string | undefined =>
  isObject(body) && typeof body.message === 'string' ? body.message : undefined;

const errorsOf = (body: unknown): Record<string, string> | undefined =>
  isObject(body) && isObject(body.errors) ? (body.errors as Record<string, string>) : undefined;

/** `body` is the parsed (and, when it was sealed, opened) JSON of the answer. */
export const mapResponse = <T>(httpStatus: number, body: unknown): ApiResult<T> => {
  if (httpStatus >= 200 && httpStatus < 300) {
    // Plain JSON without our envelope fields is a success carrying that JSON as data.
    if (isObject(body) && 'success' in body) return { ...(body as ApiResult<T>), http_status: httpStatus };
    if (isObject(body) && 'data' in body)
      return { ...(body as ApiResult<T>), success: true, http_status: httpStatus };
    return { success: true, data: body as T, http_status: httpStatus };
  }
  if (httpStatus === 401 || httpStatus === 403 || httpStatus === 404) {
    return {
      success: false,
      message: messageOf(body) ?? GENERIC_ERROR_MESSAGE,
      error_code: httpStatus,
      http_status: httpStatus,
    };
  }
  // Everything else is a 500 for callers; the server's own message (a lock, a validation
  // failure) is kept because the screens show it.
  const result: ApiResult<T> = {
    success: false,
    message: messageOf(body) ?? GENERIC_ERROR_MESSAGE,
    error_code: 500,
    http_status: httpStatus,
  };
  const errors = errorsOf(body);
  if (errors) result.errors = errors;
  return result;
};

export const mapFailure = <T>(error: unknown): ApiResult<T> => ({
  success: false,
  message: error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE,
  error_code: 500,
});

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** '/api/x', 'api/x' and 'x' all address the API; query values that are null/undefined are left out. */
export const buildUrl = (path: string, query: Query = {}): string => {
  const base =
    path.startsWith('/api/') || path === '/api' ? path : `/api/${path.replace(/^\/?(api\/)?/, '')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) params.append(name, String(item));
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
};
