// The field messages of a 400 answer (`errors: {field: message}`), for the form that sent it.
import { ApiError } from '../http/api-client.ts';

export const readServerFieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.errors ? error.errors : {};
