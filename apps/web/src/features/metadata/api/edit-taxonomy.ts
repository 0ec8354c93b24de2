// /api/admin/metadata/smart-app-categories: add a node (no parent: a category; a category as parent:
// a genre; a genre: a subgenre), rename one (PUT :id) or delete one (DELETE :id, refused while it has
// children or is in use).
import type { SmartAppNode } from '@console/core/api/reference';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost, apiPut, unwrapResult } from '../../../lib/http/api-client.ts';

export type TaxonomyEdit =
  | { kind: 'add'; name: string; parentId: number | null }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'delete'; id: number };

export const editTaxonomy = async (edit: TaxonomyEdit): Promise<SmartAppNode | null> => {
  const path = '/api/admin/metadata/smart-app-categories';
  switch (edit.kind) {
    case 'add':
      return unwrapResult(await apiPost<SmartAppNode>(path, { name: edit.name, parent_id: edit.parentId }));
    case 'rename':
      return unwrapResult(await apiPut<SmartAppNode>(`${path}/${edit.id}`, { name: edit.name }));
    case 'delete':
      unwrapResult(await apiDelete<never>(`${path}/${edit.id}`));
      return null;
  }
};

export const useEditTaxonomy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTaxonomy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['metadata', 'taxonomy'] }),
  });
};
