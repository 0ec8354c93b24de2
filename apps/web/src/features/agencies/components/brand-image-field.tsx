// A logo or favicon: the current image, a button that uploads a new file (multipart to the API,
// which checks type and size and answers the stored URL) and a remove button. The server's refusal
// is shown under the field.
import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useUploadBrandImage } from '../api/upload-brand-image.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/vnd.microsoft.icon,.ico';

export const BrandImageField = ({
  label,
  hint,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  testId: string;
}) => {
  const { t } = useTranslation('agencies');
  const labelId = useId();
  const upload = useUploadBrandImage();
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const send = (file: File | null) => {
    if (!file) return;
    setFailure(null);
    upload.mutate(file, {
      // The same file may be chosen again after a refusal.
      onSettled: () => resetRef.current?.(),
      onSuccess: (image) => {
        onChange(image.url);
        showToast('success', t('editor.uploaded', { name: file.name }));
      },
      onError: (uploadError) => setFailure(failureMessage(uploadError, t('editor.uploadFailed'))),
    });
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      <Group gap="md" align="center" wrap="nowrap">
        <Paper
          withBorder
          radius="sm"
          w={96}
          h={56}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
        >
          {value ? (
            <Image
              src={value}
              alt={t('editor.currentImage', { field: label })}
              fit="contain"
              h={48}
              w={88}
              data-testid={`${testId}-image`}
            />
          ) : (
            <IconPhoto size={22} aria-label={t('editor.noImage')} color="var(--mantine-color-dimmed)" />
          )}
        </Paper>
        <Group gap="xs">
          <FileButton
            onChange={send}
            accept={ACCEPT}
            resetRef={resetRef}
            inputProps={{ 'data-testid': `${testId}-input`, 'aria-label': label } as Record<string, string>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={upload.isPending}
                leftSection={<IconUpload size={14} aria-hidden="true" />}
                data-testid={`${testId}-upload`}
              >
                {value ? t('editor.replace') : t('editor.upload')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconX size={14} aria-hidden="true" />}
              onClick={() => onChange('')}
              aria-label={t('editor.removeImage', { field: label })}
            >
              {t('editor.remove')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {failure || error ? (
        <Alert color="red" variant="light" role="alert" p="xs" data-testid={`${testId}-error`}>
          {failure ?? error}
        </Alert>
      ) : null}
    </Stack>
  );
};
