// One error type for the whole API, mapped to the spec's error catalogue (section 8) in one place.
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { discardUnreadBody } from './unread-body.ts';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message);
/** Also used for objects of another tenant, so that their existence does not leak. */
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** @public Thrown by the rate limits and the sign-in throttle. */
export const tooManyRequests = (message: string) => new AppError(429, message);

export type ErrorBody = {
  success: false;
  message: string;
  error_code: number;
  errors?: Record<string, string>;
};

const fieldErrorsOf = (
  issues: { instancePath?: string; keyword?: string; message?: string; params?: unknown }[],
) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '');
    const field = path.replaceAll('/', '.') || 'body';
    // A body that is not an object at all (a JSON string, number or array) fails at the root.
    const isRoot = path === '';
    const message =
      isRoot && issue.keyword === 'invalid_type' ? 'The request must be a JSON object.' : issue.message;
    errors[field] ??= message ?? 'Invalid value.';
  }
  return errors;
};

export const UPLOAD_CUT_MESSAGE = 'The upload was cut short. Please send the file again.';

/** Fastify's own 4xx codes for malformed requests, with messages a user can act on. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The content length does not match the body.' },
  // @fastify/multipart: the client closed the connection mid-upload.
  FST_MP_PREMATURE_CLOSE: { status: 400, message: UPLOAD_CUT_MESSAGE },
};

/**
 * A multipart body that ends before its closing boundary (or never has one): the form parser
 * (busboy) raises plain errors with these texts and no code, from wherever the file is read.
 */
const isCutMultipart = (error: Error) =>
  !(error as FastifyError).statusCode &&
  /unexpected end of multipart data|Boundary not found/i.test(error.message ?? '');

/**
 * SQLSTATEs of values PostgreSQL will not store, with the message each answers (400, not a server
 * fault): JSON can carry a NUL character in text (22021), a lone surrogate in JSON (22P05) or text
 * that is not valid for its type (22P02); a number past its column's range (22003) is stopped by the
 * id schemas (`@console/core/api/ids`), and this catches whatever slips past them.
 */
export const UNSTORABLE_VALUE_MESSAGE = 'The request contains characters that cannot be stored.';
export const OUT_OF_RANGE_MESSAGE = 'A number in the request is out of range.';
const UNSTORABLE_VALUE_CODES: Record<string, string> = {
  '22021': UNSTORABLE_VALUE_MESSAGE,
  '22P02': UNSTORABLE_VALUE_MESSAGE,
  '22P05': UNSTORABLE_VALUE_MESSAGE,
  '22003': OUT_OF_RANGE_MESSAGE,
};

/** The message of a database error (also one the query builder wraps in `cause`) about such a value. */
const unstorableValueMessage = (error: unknown): string | undefined => {
  let current = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(UNSTORABLE_VALUE_CODES, code))
      return UNSTORABLE_VALUE_CODES[code];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

export const toErrorBody = (error: FastifyError | AppError | Error): ErrorBody => {
  if (error instanceof AppError) {
    return {
      success: false,
      message: error.message,
      error_code: error.statusCode,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrorsOf(error.validation.map((v) => ({ ...v, message: v.message })));
    return { success: false, message: Object.values(errors)[0] ?? 'Invalid input.', error_code: 400, errors };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return { success: false, message: known.message, error_code: known.status };
  if (isCutMultipart(error)) return { success: false, message: UPLOAD_CUT_MESSAGE, error_code: 400 };
  const unstorable = unstorableValueMessage(error);
  if (unstorable) return { success: false, message: unstorable, error_code: 400 };
  if (fastifyError.statusCode === 429) {
    return { success: false, message: fastifyError.message, error_code: 429 };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      success: false,
      message: 'The request could not be processed.',
      error_code: fastifyError.statusCode,
    };
  }
  return { success: false, message: GENERIC_ERROR_MESSAGE, error_code: 500 };
};

/**
 * One item of a bulk answer that failed: its message and code as the single route would answer
 * (a NUL in a reason is a 400 here as there); an unexpected error is logged and stays generic.
 */
export const itemFailureOf = (error: unknown, log: Pick<FastifyBaseLogger, 'error'>, item: object) => {
  const body = toErrorBody(error as Error);
  if (body.error_code >= 500) log.error({ err: error, ...item }, 'bulk item failed');
  return { ok: false as const, message: body.message, error_code: body.error_code };
};

export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler(async (error, request, reply) => {
    const body = toErrorBody(error as FastifyError);
    if (body.error_code >= 500) request.log.error({ err: error }, 'request failed');
    // A body refused before it was read (too large, an upload without a session) still arrives.
    await discardUnreadBody(request.raw);
    return reply.status(body.error_code).send(body);
  });
};
