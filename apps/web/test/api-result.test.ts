import { describe, expect, it } from 'vitest';
import { buildUrl, GENERIC_ERROR_MESSAGE, mapFailure, mapResponse } from '../src/lib/http/api-result.ts';

describe('result mapping (spec sections 7 and 8)', () => {
  it('passes the envelope of a successful answer through', () => {
    expect(mapResponse(200, { success: true, message: 'ok', data: { a: 1 } })).toEqual({
      success: true,
      message: 'ok',
      data: { a: 1 },
      http_status: 200,
    });
    expect(mapResponse(200, { status: 1, success: true, data: 'x' })).toMatchObject({ status: 1, data: 'x' });
  });

  it('treats plain JSON as success true', () => {
    expect(mapResponse(200, 1_500_000)).toEqual({ success: true, data: 1_500_000, http_status: 200 });
    expect(mapResponse(200, { data: [1] })).toMatchObject({ success: true, data: [1] });
    expect(mapResponse(201, { id: 3 })).toMatchObject({ success: true, data: { id: 3 } });
  });

  it('maps 401, 403 and 404 with the server message and code', () => {
    expect(mapResponse(401, { success: false, message: 'Session expired', error_code: 401 })).toEqual({
      success: false,
      message: 'Session expired',
      error_code: 401,
      http_status: 401,
    });
    expect(mapResponse(403, { message: 'Forbidden here' })).toMatchObject({
      error_code: 403,
      message: 'Forbidden here',
    });
    expect(mapResponse(404, null)).toMatchObject({ error_code: 404, message: GENERIC_ERROR_MESSAGE });
  });

  it('maps every other failure to error_code 500, keeping the message and field errors', () => {
    expect(mapResponse(500, { message: 'boom' })).toMatchObject({
      success: false,
      error_code: 500,
      http_status: 500,
    });
    expect(mapResponse(423, { message: 'Account locked for 15 minutes' })).toMatchObject({
      error_code: 500,
      message: 'Account locked for 15 minutes',
    });
    expect(mapResponse(400, { message: 'Invalid', errors: { email: 'Bad' } })).toMatchObject({
      error_code: 500,
      errors: { email: 'Bad' },
    });
    expect(mapResponse(502, '<html>')).toMatchObject({ error_code: 500, message: GENERIC_ERROR_MESSAGE });
  });

  it('maps a thrown error (timeout, network) to 500 with its message', () => {
    expect(mapFailure(new Error('The request timed out after 60 seconds.'))).toEqual({
      success: false,
      message: 'The request timed out after 60 seconds.',
      error_code: 500,
    });
    expect(mapFailure('weird')).toMatchObject({ error_code: 500, message: GENERIC_ERROR_MESSAGE });
  });

  it('builds API URLs with the query, leaving out empty values', () => {
    expect(buildUrl('/api/auth/login')).toBe('/api/auth/login');
    expect(buildUrl('auth/profile')).toBe('/api/auth/profile');
    expect(buildUrl('/campaning/getAdvertiserBalance', { admin_id: '1', agency_id: '5' })).toBe(
      '/api/campaning/getAdvertiserBalance?admin_id=1&agency_id=5',
    );
    expect(buildUrl('/api/x', { q: 'a b', page: 2, none: undefined, nil: null, ids: [1, 2] })).toBe(
      '/api/x?q=a+b&page=2&ids=1&ids=2',
    );
  });
});
