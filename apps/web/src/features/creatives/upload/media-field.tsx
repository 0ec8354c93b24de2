// One creative file: a drop area with a "Choose file" button (keyboard reachable), the browser's
// checks before sending (file-name rule, type, size, native image dimensions), the upload with its
// progress and a Cancel button, then the stored file with what the server read from it (WxH; for
// video the duration and size) and Replace / Remove. The server's refusal shows under the field.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CreativeMediaKind } from '@console/core/api/creatives';
import { CREATIVE_MEDIA_RULES } from '@console/core/api/creatives';
import { formatBytes } from '@console/core/format/bytes';
import { Alert, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFile, IconMovie, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { failureMessage } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useUploadCreativeMedia } from '../api/upload-creative-media.ts';
import {
  acceptOf,
  checkFileBeforeUpload,
  checkImageDimensions,
  extensionsOf,
  type FileProblem,
  formatDuration,
  type MediaValue,
  mediaValueOf,
} from './creative-form-model.ts';
import { useCreativeMessage } from './use-creative-message.ts';

type MediaFieldProps = {
  kind: CreativeMediaKind;
  label: string;
  value: MediaValue | null;
  onChange: (value: MediaValue | null) => void;
  /** A message of the form's check or the server's 400 (English core text, translated here). */
  error?: string;
  required?: boolean;
  /** Not removable (an edit keeps a file until another is uploaded). */
  removable?: boolean;
  testId: string;
};

/** Width and height of an image file, read in the browser (null when it cannot be decoded). */
const readImageSize = async (file: File): Promise<{ width: number; height: number } | null> => {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null; // not decodable here: the server sniffs it and answers why
  }
};

export const MediaField = ({
  kind,
  label,
  value,
  onChange,
  error,
  required,
  removable = true,
  testId,
}: MediaFieldProps) => {
  const { t } = useTranslation('creatives');
  const messageOf = useCreativeMessage();
  const labelId = useId();
  const hintId = useId();
  const upload = useUploadCreativeMedia();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [isDragging, setDragging] = useState(false);
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);
  const rule = CREATIVE_MEDIA_RULES[kind];

  const send = async (file: File | null) => {
    resetRef.current?.(); // the same file may be chosen again after a refusal
    if (!file) return;
    setFailure(null);
    const found = checkFileBeforeUpload(file, kind);
    if (found) {
      setProblem(found);
      return;
    }
    if (kind === 'icon' || kind === 'main') {
      const size = await readImageSize(file);
      const shape = size ? checkImageDimensions(kind, size.width, size.height) : null;
      if (shape) {
        setProblem(shape);
        return;
      }
    }
    setProblem(null);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    upload.mutate(
      { file, kind, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: (media) => onChange(mediaValueOf(media, file.name)),
        onError: (uploadError) => {
          if (!controller.signal.aborted)
            setFailure(messageOf(failureMessage(uploadError, t('file.uploadFailed'))));
        },
        onSettled: () => {
          abortRef.current = null;
        },
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (upload.isPending) return;
    void send(event.dataTransfer.files[0] ?? null);
  };

  const limits = [
    t('file.accepts', { types: extensionsOf(kind).join(', '), max: formatBytes(rule.maxBytes) }),
    kind === 'icon' ? t('file.iconRule') : kind === 'main' ? t('file.mainRule') : null,
  ]
    .filter(Boolean)
    .join(' ');
  const shownError = problem
    ? t(problem.key, problem.values)
    : (failure ?? (error ? messageOf(error) : undefined));
  const isVideo = kind === 'video';

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={hintId} data-testid={testId}>
      <Text id={labelId} fw={500} size="sm">
        {label}
        {required ? (
          <Text span c="red" aria-hidden="true">
            {' *'}
          </Text>
        ) : null}
      </Text>
      <Paper
        withBorder
        radius="md"
        p="md"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: value ? 'solid' : 'dashed',
          borderColor: isDragging
            ? 'var(--mantine-primary-color-filled)'
            : shownError
              ? 'var(--mantine-color-red-6)'
              : undefined,
          background: isDragging ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack gap="sm">
          {value ? (
            <Group gap="md" wrap="nowrap" align="center" data-testid={`${testId}-value`}>
              {isVideo ? (
                <IconMovie size={36} aria-hidden="true" color="var(--mantine-color-gray-7)" />
              ) : (
                <img
                  src={value.url}
                  alt={t('file.currentAlt', { field: label })}
                  style={{ width: 72, height: 54, objectFit: 'contain', flex: 'none' }}
                  data-testid={`${testId}-image`}
                />
              )}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {value.name ?? t('file.stored')}
                </Text>
                <Text size="xs" c="dimmed" data-testid={`${testId}-facts`}>
                  {[
                    value.size ? t('file.detectedSize', { size: value.size }) : null,
                    value.duration !== undefined
                      ? t('file.duration', { duration: formatDuration(value.duration) })
                      : null,
                    value.formattedSize ?? (value.bytes !== undefined ? formatBytes(value.bytes) : null),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <IconFile size={28} aria-hidden="true" color="var(--mantine-color-gray-6)" />
              <Text size="sm" c="dimmed">
                {t('file.dropHere')}
              </Text>
            </Group>
          )}
          {upload.isPending ? (
            <Group gap="sm" wrap="nowrap">
              <Progress
                value={Math.round(progress * 100)}
                style={{ flex: 1 }}
                aria-label={t('file.progress', { field: label })}
                animated
                data-testid={`${testId}-progress`}
              />
              <Text size="xs" w={40} ta="right" aria-live="polite">
                {Math.round(progress * 100)}%
              </Text>
              <Button size="xs" variant="subtle" onClick={() => abortRef.current?.abort()}>
                {t('file.cancel')}
              </Button>
            </Group>
          ) : null}
          <Group gap="xs">
            <FileButton
              onChange={(file) => void send(file)}
              accept={acceptOf(kind)}
              resetRef={resetRef}
              disabled={upload.isPending}
              inputProps={{ 'data-testid': `${testId}-input`, 'aria-label': label } as Record<string, string>}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  loading={upload.isPending}
                  leftSection={<IconUpload size={14} aria-hidden="true" />}
                  data-testid={`${testId}-choose`}
                >
                  {value ? t('file.replace') : t('file.choose')}
                </Button>
              )}
            </FileButton>
            {value && removable && !upload.isPending ? (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconX size={14} aria-hidden="true" />}
                onClick={() => onChange(null)}
                aria-label={t('file.removeLabel', { field: label })}
              >
                {t('file.remove')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <Text id={hintId} size="xs" c="dimmed">
        {limits}
      </Text>
      {shownError ? (
        <Alert color="red" variant="light" role="alert" p="xs" data-testid={`${testId}-error`}>
          {shownError}
        </Alert>
      ) : null}
    </Stack>
  );
};
