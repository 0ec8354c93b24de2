// An upload of entries and what became of it, in three phases the user watches on one progress bar:
// sending (the browser's upload progress), checking (the server reads the file line by line as it
// arrives; its answer counts the lines and names the rejected ones), storing (the import polled until
// the server has stored everything). Then the result: counts, and the rejected lines with their line
// numbers and reasons.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import type { ListImport } from '@console/core/api/inventory-lists';
import { Alert, Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { failureMessage } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type UploadInput, uploadList, useListImport } from '../api/list-imports.ts';

type Phase = 'idle' | 'sending' | 'checking' | 'storing' | 'done' | 'failed';

/** Starts uploads and follows the import; `phase` and `percent` drive the progress bar. */
export const useListUpload = (target: 'applists' | 'audiences') => {
  const [sent, setSent] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const job = useListImport(importId);

  const start = useCallback(
    async (input: Omit<UploadInput, 'onProgress'>) => {
      setError(null);
      setImportId(null);
      setSent(0);
      setSending(true);
      try {
        const started = await uploadList(target, { ...input, onProgress: setSent });
        setImportId(started.import_id);
        return { job: started };
      } catch (failure) {
        setError(failure);
        return { error: failure };
      } finally {
        setSending(false);
      }
    },
    [target],
  );

  const data = job.data;
  let phase: Phase = 'idle';
  if (error) phase = 'failed';
  else if (sending) phase = sent < 1 ? 'sending' : 'checking';
  else if (data?.status === 'DONE') phase = 'done';
  else if (data?.status === 'FAILED') phase = 'failed';
  else if (importId !== null) phase = 'storing';
  // Sending is the first 60% of the bar, checking the next 10%, storing the rest.
  const stored = data && data.progress.total > 0 ? data.progress.done / data.progress.total : 0;
  const percent =
    phase === 'sending'
      ? sent * 60
      : phase === 'checking'
        ? 65
        : phase === 'storing'
          ? 70 + stored * 29
          : phase === 'done'
            ? 100
            : 0;
  return {
    start,
    phase,
    percent,
    job: data ?? null,
    error,
    isBusy: phase === 'sending' || phase === 'checking' || phase === 'storing',
  };
};

export type ListUploadState = ReturnType<typeof useListUpload>;

export const RejectedLines = ({ job }: { job: Pick<ListImport, 'rejected' | 'rejected_lines'> }) => {
  const { t } = useTranslation('lists');
  if (job.rejected_lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {job.rejected > job.rejected_lines.length
          ? t('upload.rejectedFirst', {
              n: job.rejected_lines.length.toLocaleString(),
              total: job.rejected.toLocaleString(),
            })
          : t('upload.rejectedAll')}
      </Text>
      <Table.ScrollContainer minWidth={420} mah={280}>
        <Table striped withTableBorder fz="sm" data-testid="rejected-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('upload.line')}</Table.Th>
              <Table.Th>{t('upload.text')}</Table.Th>
              <Table.Th>{t('upload.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.rejected_lines.map((line) => (
              <Table.Tr key={line.line} data-testid={`rejected-line-${line.line}`}>
                <Table.Td>{line.line.toLocaleString()}</Table.Td>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {line.text}
                </Table.Td>
                <Table.Td>{line.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};

/** The progress bar while busy, then the counts and rejected lines (or why it failed). */
export const UploadProgress = ({ upload }: { upload: ListUploadState }) => {
  const { t } = useTranslation('lists');
  const { phase, percent, job, error } = upload;
  if (phase === 'idle') return null;
  const label = t(`upload.phase.${phase}`);
  return (
    <Stack gap="sm" data-testid="upload-progress" data-phase={phase}>
      {phase !== 'failed' ? (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500} aria-live="polite">
              {label}
            </Text>
            <Text size="sm" c="dimmed">
              {Math.round(percent)}%
            </Text>
          </Group>
          <Progress
            value={percent}
            animated={phase !== 'done'}
            aria-label={label}
            color={phase === 'done' ? 'green' : undefined}
            data-testid="upload-progress-bar"
          />
        </Stack>
      ) : null}
      {phase === 'failed' ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('upload.failedTitle')}
          data-testid="upload-failed"
        >
          {job?.error ?? failureMessage(error, t('upload.failed'))}
        </Alert>
      ) : null}
      {job ? (
        <Group gap="xs" data-testid="upload-counts">
          <Badge variant="light" color="gray">
            {t('upload.lines', { n: job.lines.toLocaleString() })}
          </Badge>
          {job.accepted !== null ? (
            <Badge variant="light" color="green" data-testid="upload-accepted">
              {t(job.mode === 'remove' ? 'upload.removed' : 'upload.accepted', {
                n: (job.mode === 'remove' ? (job.removed ?? 0) : job.accepted).toLocaleString(),
              })}
            </Badge>
          ) : null}
          {job.duplicates !== null ? (
            <Badge variant="light" color="blue" data-testid="upload-duplicates">
              {t('upload.duplicates', { n: job.duplicates.toLocaleString() })}
            </Badge>
          ) : null}
          {job.mode === 'replace' && job.removed !== null ? (
            <Badge variant="light" color="orange">
              {t('upload.removed', { n: job.removed.toLocaleString() })}
            </Badge>
          ) : null}
          <Badge variant="light" color={job.rejected > 0 ? 'red' : 'gray'} data-testid="upload-rejected">
            {t('upload.rejected', { n: job.rejected.toLocaleString() })}
          </Badge>
        </Group>
      ) : null}
      {job ? <RejectedLines job={job} /> : null}
    </Stack>
  );
};
