// GET and POST /api/admin/users/:id/notes: notes on a user, newest first, with author and time.
import type { noteSchema } from '@console/core/api/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export type UserNote = z.infer<typeof noteSchema>;

export const userNotesQueryKey = (id: number) => ['admin-users', 'notes', id] as const;

export const listUserNotes = (id: number) => fetchData<UserNote[]>(`/api/admin/users/${id}/notes`);

export const userNotesOptions = (id: number) =>
  queryOptions({ queryKey: userNotesQueryKey(id), queryFn: () => listUserNotes(id), enabled: id > 0 });

export const useUserNotes = (id: number) => useQuery(userNotesOptions(id));

export const addUserNote = async (id: number, body: string) =>
  unwrapResult(await apiPost<UserNote[]>(`/api/admin/users/${id}/notes`, { body }));

export const useAddUserNote = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addUserNote(id, body),
    onSuccess: (notes) => queryClient.setQueryData(userNotesQueryKey(id), notes),
  });
};
