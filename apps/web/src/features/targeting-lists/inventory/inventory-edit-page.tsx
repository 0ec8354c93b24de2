// /inventory-list/edit/{applist_id} (and the other roles' paths): rename the list or change its
// default use; add and remove a few entries (the answer names rejected ones); upload more entries to
// add, replace the list with, or remove (with the progress bar); delete the list when no campaign
// uses it (the server names the campaigns otherwise). The idle-tab modal guards this page.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import type { ApplistDetail, EntryEditResult, ImportMode } from '@console/core/api/inventory-lists';
import {
  Button,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { DetailSection } from '../../../components/detail-list.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import {
  useApplist,
  useDeleteApplist,
  useEditApplistEntries,
  useUpdateApplist,
} from '../api/inventory-lists.ts';
import { type EntrySource, EntrySourceInput } from '../components/entry-source.tsx';
import { useListLinks } from '../components/list-links.ts';
import { RejectedLines, UploadProgress, useListUpload } from '../components/list-upload.tsx';

const linesOf = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');

const SettingsSection = ({ list }: { list: ApplistDetail }) => {
  const { t } = useTranslation('lists');
  const [name, setName] = useState(list.name);
  const [mode, setMode] = useState(list.default_mode);
  const save = useUpdateApplist(list.applist_id);
  const fields = useFieldErrors();
  const submit = async () => {
    try {
      await save.mutateAsync({ name: name.trim(), default_mode: mode });
      fields.clear();
      showToast('success', t('edit.saved'));
    } catch (error) {
      fields.refused(error, t('edit.failed'), 'unlessFields');
    }
  };
  return (
    <DetailSection title={t('edit.settings')}>
      <TextInput
        label={t('form.name')}
        value={name}
        maxLength={25}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fields.errorOf('name')}
        data-testid="applist-edit-name"
      />
      <Radio.Group
        label={t('form.defaultMode')}
        value={mode}
        onChange={(value) => setMode(value as 'ALLOW' | 'BLOCK')}
      >
        <Group gap="lg" mt={4}>
          <Radio value="BLOCK" label={t('mode.BLOCK')} />
          <Radio value="ALLOW" label={t('mode.ALLOW')} />
        </Group>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending} data-testid="applist-edit-save">
          {t('actions.save')}
        </Button>
      </Group>
    </DetailSection>
  );
};

const EntriesSection = ({ list }: { list: ApplistDetail }) => {
  const { t } = useTranslation('lists');
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const [result, setResult] = useState<EntryEditResult | null>(null);
  const edit = useEditApplistEntries(list.applist_id);
  const submit = async () => {
    try {
      const answer = await edit.mutateAsync({ add: linesOf(add), remove: linesOf(remove) });
      setResult(answer);
      setAdd('');
      setRemove('');
      showToast('success', t('edit.entriesSaved', { added: answer.added, removed: answer.removed }));
    } catch (error) {
      showToast('error', failureMessage(error, t('edit.failed')));
    }
  };
  return (
    <DetailSection title={t('edit.entries')} description={t('edit.entriesHint')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t('edit.add')}
          autosize
          minRows={4}
          maxRows={10}
          spellCheck={false}
          value={add}
          onChange={(event) => setAdd(event.currentTarget.value)}
          data-testid="applist-add-entries"
        />
        <Textarea
          label={t('edit.remove')}
          autosize
          minRows={4}
          maxRows={10}
          spellCheck={false}
          value={remove}
          onChange={(event) => setRemove(event.currentTarget.value)}
          data-testid="applist-remove-entries"
        />
      </SimpleGrid>
      {result ? (
        <Stack gap="xs" data-testid="applist-edit-result">
          <Text size="sm">
            {t('edit.result', {
              added: result.added,
              removed: result.removed,
              duplicates: result.duplicates,
              rejected: result.rejected,
              total: result.entry_count.toLocaleString(),
            })}
          </Text>
          <RejectedLines job={{ rejected: result.rejected, rejected_lines: result.rejected_lines }} />
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={() => void submit()}
          loading={edit.isPending}
          disabled={!add.trim() && !remove.trim()}
          data-testid="applist-entries-save"
        >
          {t('edit.apply')}
        </Button>
      </Group>
    </DetailSection>
  );
};

const UploadSection = ({ list }: { list: ApplistDetail }) => {
  const { t } = useTranslation('lists');
  const [source, setSource] = useState<EntrySource | null>(null);
  const [mode, setMode] = useState<ImportMode>('append');
  const upload = useListUpload('applists');
  const start = () =>
    void upload.start({
      fields: { applist_id: list.applist_id, mode, column: source?.column },
      file: source!.blob,
      fileName: source!.fileName,
    });
  return (
    <DetailSection title={t('edit.upload')} description={t('edit.uploadHint')}>
      <NativeSelect
        label={t('edit.uploadMode')}
        value={mode}
        onChange={(event) => setMode(event.currentTarget.value as ImportMode)}
        data={(['append', 'replace', 'remove'] as const).map((value) => ({
          value,
          label: t(`importMode.${value}`),
        }))}
        disabled={upload.isBusy}
        data-testid="applist-upload-mode"
      />
      <EntrySourceInput
        onChange={setSource}
        placeholder={list.kind === 'APP' ? 'com.example.game' : 'example.com'}
        disabled={upload.isBusy}
      />
      <UploadProgress upload={upload} />
      <Group justify="flex-end">
        <Button onClick={start} disabled={!source} loading={upload.isBusy} data-testid="applist-upload">
          {t('edit.uploadButton')}
        </Button>
      </Group>
    </DetailSection>
  );
};

const InventoryEditPage = () => {
  const { t } = useTranslation('lists');
  const route = useCurrentRoute();
  const id = parseId(useParams().applist_id);
  const list = useApplist(id);
  const links = useListLinks();
  const navigate = useNavigate();
  const remove = useDeleteApplist();
  const [confirming, setConfirming] = useState(false);
  if (!route) return null;
  const data = list.data;
  const view = data ? links.inventory.view(data.applist_id) : null;
  const drop = async () => {
    try {
      await remove.mutateAsync(data!.applist_id);
      showToast('success', t('edit.deleted', { name: data!.name }));
      setConfirming(false);
      const back = links.inventory.list();
      if (back) void navigate(back);
    } catch (error) {
      setConfirming(false);
      showToast('error', failureMessage(error, t('edit.failed')));
    }
  };
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        view ? (
          <Button
            component={Link}
            to={view}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          >
            {t('actions.backToList')}
          </Button>
        ) : undefined
      }
    >
      {!data ? (
        <LoadState isError={list.isError} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="lg" maw={960}>
          <Text fw={500} data-testid="applist-edit-heading">
            {t('edit.heading', { name: data.name, n: data.entry_count.toLocaleString() })}
          </Text>
          <SettingsSection key={data.updated_at} list={data} />
          <EntriesSection list={data} />
          <UploadSection list={data} />
          <DetailSection title={t('edit.delete')} description={t('edit.deleteHint')}>
            <Group justify="flex-end">
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
                data-testid="applist-delete"
              >
                {t('edit.deleteButton')}
              </Button>
            </Group>
          </DetailSection>
          <ConfirmAction
            opened={confirming}
            onClose={() => setConfirming(false)}
            onConfirm={drop}
            title={t('edit.deleteTitle')}
            message={t('edit.deleteConfirm', { name: data.name })}
            confirmLabel={t('edit.deleteButton')}
            isPending={remove.isPending}
            testId="applist-delete-dialog"
          />
        </Stack>
      )}
    </PageFrame>
  );
};

export default InventoryEditPage;
