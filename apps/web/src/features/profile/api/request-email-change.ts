// POST /api/auth/profile/email: the password confirms it is the user; a code goes to the new address.
import type { emailChangeBody } from '@console/core/api/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export type EmailChangeRequest = z.input<typeof emailChangeBody>;

export const requestEmailChange = async (body: EmailChangeRequest): Promise<void> => {
  unwrapResult(await apiPost('/api/auth/profile/email', body));
};

export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });
