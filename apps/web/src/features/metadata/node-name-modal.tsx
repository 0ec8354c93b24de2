// Add a category, genre or subgenre, or rename one, in a dialog: one name, checked with core's
// request schema; the server's messages (a name taken at that level) show on the field.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import { smartAppNodeRenameBody } from '@console/core/api/reference';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useEditTaxonomy } from './api/edit-taxonomy.ts';
import { useMetadataMessage } from './message-text.ts';
import type { TaxonomyLevel, TaxonomyNode } from './metadata-model.ts';

export type NodeNameRequest =
  | { kind: 'add'; level: TaxonomyLevel; parent: TaxonomyNode | null }
  | { kind: 'rename'; node: TaxonomyNode };

export const NodeNameModal = ({
  request,
  onClose,
  onSaved,
}: {
  request: NodeNameRequest | null;
  onClose: () => void;
  /** After an add: the parent to show open. */
  onSaved: (parentId: number | null) => void;
}) => {
  const { t } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const mutation = useEditTaxonomy();
  const [name, setName] = useState('');
  const { setErrors, clear, check, errorOf, refused } = useFieldErrors({
    field: messageOf,
    toast: messageOf,
  });

  useEffect(() => {
    if (!request) return;
    setName(request.kind === 'rename' ? request.node.name : '');
    setErrors({});
  }, [request, setErrors]);

  if (!request) return null;
  const level = request.kind === 'add' ? request.level : request.node.level;
  const title =
    request.kind === 'add'
      ? request.parent
        ? t(`taxonomy.addChildTitle.${level}`, { parent: request.parent.name })
        : t('taxonomy.addCategoryTitle')
      : t('taxonomy.renameTitle', { name: request.node.name });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(smartAppNodeRenameBody, { name });
    if (!checked) return;
    const edit =
      request.kind === 'add'
        ? { kind: 'add' as const, name: checked.name, parentId: request.parent?.id ?? null }
        : { kind: 'rename' as const, id: request.node.id, name: checked.name };
    mutation.mutate(edit, {
      onSuccess: () => {
        showToast(
          'success',
          request.kind === 'add'
            ? t(`taxonomy.added.${level}`, { name: checked.name })
            : t('taxonomy.renamed', { name: checked.name }),
        );
        onSaved(request.kind === 'add' ? (request.parent?.id ?? null) : null);
        onClose();
      },
      onError: (failure) => refused(failure, t('taxonomy.saveFailed')),
    });
  };

  return (
    <Modal
      opened
      onClose={mutation.isPending ? () => undefined : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="taxonomy-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t(`taxonomy.nameOf.${level}`)}
            required
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
            error={errorOf('name')}
            maxLength={60}
            data-autofocus
            data-testid="taxonomy-form-name"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="taxonomy-form-save">
              {request.kind === 'add' ? t('taxonomy.add') : t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
