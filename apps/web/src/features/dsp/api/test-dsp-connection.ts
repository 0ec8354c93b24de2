// POST /api/admin/dsp/test: tries an unsaved connection (type, endpoint, credentials) once.
import type { connectionTestResult } from '@console/core/api/dsps';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import type { DspTestBody } from '../dsp-form-model.ts';

export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

export const testDspConnection = async (body: DspTestBody): Promise<ConnectionTestResult> =>
  unwrapResult(await apiPost<ConnectionTestResult>('/api/admin/dsp/test', body));

export const useTestDspConnection = () => useMutation({ mutationFn: testDspConnection });
