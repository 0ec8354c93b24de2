// The list's ids in upstream DSPs (spec section 3, applist_assoc_map): shown to everyone who sees the
// list, edited by admin and co-admin as one "DSP name: associate id" per line.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import type { ApplistAssocEntry, ApplistDetail } from '@console/core/api/inventory-lists';
import { Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DetailSection } from '../../../components/detail-list.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSetApplistAssocMap } from '../api/inventory-lists.ts';

const textOf = (entries: readonly ApplistAssocEntry[]) =>
  entries.map((entry) => `${entry.dsp_name}: ${entry.associate_applist_id}`).join('\n');

/** "Kritter: kr-1" lines as entries; null with the 1-based number of the first line that is not one. */
export const parseAssocLines = (text: string): { entries: ApplistAssocEntry[] } | { badLine: number } => {
  const entries: ApplistAssocEntry[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const colon = line.lastIndexOf(':');
    if (colon <= 0) return { badLine: index + 1 };
    entries.push({
      dsp_name: line.slice(0, colon).trim(),
      associate_applist_id: line.slice(colon + 1).trim(),
    });
  }
  return { entries };
};

export const AssocMapSection = ({ list, editable }: { list: ApplistDetail; editable: boolean }) => {
  const { t } = useTranslation('lists');
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const save = useSetApplistAssocMap(list.applist_id);
  const submit = async () => {
    const parsed = parseAssocLines(text ?? '');
    if ('badLine' in parsed) {
      setError(t('assoc.badLine', { n: parsed.badLine }));
      return;
    }
    try {
      await save.mutateAsync(parsed.entries);
      setText(null);
      setError(undefined);
      showToast('success', t('assoc.saved'));
    } catch (failure) {
      setError(failureMessage(failure, t('assoc.failed')));
    }
  };
  return (
    <DetailSection
      title={t('assoc.title')}
      description={t('assoc.hint')}
      testId="applist-assoc"
      actions={
        editable && text === null ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => setText(textOf(list.applist_assoc_map))}
            data-testid="applist-assoc-edit"
          >
            {t('actions.edit')}
          </Button>
        ) : undefined
      }
    >
      {text !== null ? (
        <Stack gap="sm">
          <Textarea
            label={t('assoc.label')}
            description={t('assoc.format')}
            autosize
            minRows={3}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            data-testid="applist-assoc-text"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setText(null)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending} data-testid="applist-assoc-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      ) : list.applist_assoc_map.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assoc.none')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm" data-testid="applist-assoc-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('assoc.dsp')}</Table.Th>
              <Table.Th>{t('assoc.id')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.applist_assoc_map.map((entry) => (
              <Table.Tr key={entry.dsp_name}>
                <Table.Td>{entry.dsp_name}</Table.Td>
                <Table.Td ff="monospace">{entry.associate_applist_id}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
};
