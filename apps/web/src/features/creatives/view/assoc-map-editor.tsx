// A creative's ids in upstream DSPs (creative_assoc_map: dsp_name -> creative_associate_id). Everyone
// sees them; admins and co-admins edit them (PUT /api/admin/creatives/:id/assoc-map), checked with
// core's schema before sending.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { type CreativeAssocEntry, creativeAssocMapBody } from '@console/core/api/creatives';
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { type FieldErrors, validateWith } from '../../../lib/forms/schema-errors.ts';
import { ApiError } from '../../../lib/http/api-client.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSetCreativeAssocMap } from '../api/set-creative-assoc-map.ts';
import { useCreativeMessage } from '../upload/use-creative-message.ts';

type AssocMapProps = { creativeId: number; entries: readonly CreativeAssocEntry[]; canEdit: boolean };

const AssocTable = ({ entries }: { entries: readonly CreativeAssocEntry[] }) => {
  const { t } = useTranslation('creatives');
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="creative-assoc-empty">
        {t('assoc.none')}
      </Text>
    );
  return (
    <Table withTableBorder striped data-testid="creative-assoc-table">
      <caption
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {t('assoc.title')}
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('assoc.dsp')}</Table.Th>
          <Table.Th scope="col">{t('assoc.associateId')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.dsp_name}>
            <Table.Th scope="row" fw={500}>
              {entry.dsp_name}
            </Table.Th>
            <Table.Td ff="monospace">{entry.creative_associate_id}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

export const AssocMapEditor = ({ creativeId, entries, canEdit }: AssocMapProps) => {
  const { t } = useTranslation('creatives');
  const messageOf = useCreativeMessage();
  const save = useSetCreativeAssocMap();
  const [rows, setRows] = useState<CreativeAssocEntry[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  if (!rows) {
    return (
      <Stack gap="sm">
        <AssocTable entries={entries} />
        {canEdit ? (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconEdit size={14} aria-hidden="true" />}
              onClick={() => {
                setErrors({});
                setRows(
                  entries.length > 0
                    ? entries.map((entry) => ({ ...entry }))
                    : [{ dsp_name: '', creative_associate_id: '' }],
                );
              }}
              data-testid="creative-assoc-edit"
            >
              {t('assoc.edit')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }

  const setRow = (index: number, patch: Partial<CreativeAssocEntry>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const errorOf = (path: string) => (errors[path] ? messageOf(errors[path]!) : undefined);
  const submit = async () => {
    const kept = rows.filter((row) => row.dsp_name.trim() !== '' || row.creative_associate_id.trim() !== '');
    const checked = validateWith(creativeAssocMapBody, { creative_assoc_map: kept });
    if (!checked.success) {
      setRows(kept.length > 0 ? kept : rows);
      setErrors(checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ id: creativeId, entries: checked.data.creative_assoc_map });
      showToast('success', t('assoc.saved'));
      setRows(null);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      showToast('error', failureMessage(error, t('assoc.saveFailed')));
    }
  };

  return (
    <Stack gap="sm" data-testid="creative-assoc-form">
      {errors.creative_assoc_map ? (
        <Text size="sm" c="red.8" role="alert">
          {messageOf(errors.creative_assoc_map)}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; errors are named by index
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t('assoc.dsp')}
            value={row.dsp_name}
            onChange={(event) => setRow(index, { dsp_name: event.currentTarget.value })}
            error={errorOf(`creative_assoc_map.${index}.dsp_name`)}
            style={{ flex: 1 }}
            data-testid={`creative-assoc-dsp-${index}`}
          />
          <TextInput
            label={t('assoc.associateId')}
            value={row.creative_associate_id}
            onChange={(event) => setRow(index, { creative_associate_id: event.currentTarget.value })}
            error={errorOf(`creative_assoc_map.${index}.creative_associate_id`)}
            style={{ flex: 1 }}
            data-testid={`creative-assoc-id-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={25}
            onClick={() => setRows(rows.filter((_, at) => at !== index))}
            aria-label={t('assoc.remove', { number: index + 1 })}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => setRows([...rows, { dsp_name: '', creative_associate_id: '' }])}
          disabled={rows.length >= 50}
        >
          {t('assoc.add')}
        </Button>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setRows(null)} disabled={save.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button
            size="xs"
            onClick={() => void submit()}
            loading={save.isPending}
            data-testid="creative-assoc-save"
          >
            {t('assoc.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};
