// Response schemas shared by every route: the success body plus the error catalogue, so that the
// OpenAPI document shows both.
import { errorResponse } from '@console/core/api/common';
import type { z } from 'zod';

export const withErrors = <T extends z.ZodType>(success: T) => ({
  200: success,
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
});

/** The OpenAPI security requirement of a signed-in route. */
export const bearer = [{ bearerAuth: [] }];
