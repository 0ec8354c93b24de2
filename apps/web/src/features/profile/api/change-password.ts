// POST /api/auth/changePassword: the server ends the user's other sessions and answers a new
// session for this one, which the session store adopts so that this tab keeps working.
import type { changePasswordBody, SessionData } from '@console/core/api/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';
import { adoptCurrentSession } from '../../../lib/session/session-store.ts';

export type PasswordChange = z.input<typeof changePasswordBody>;

export const changePassword = async (body: PasswordChange): Promise<SessionData> =>
  unwrapResult(await apiPost<SessionData>('/api/auth/changePassword', body));

export const useChangePassword = () =>
  useMutation({
    mutationFn: changePassword,
    onSuccess: (session) => adoptCurrentSession(session),
  });
