// Several tracking URLs (image pixel_url, video impression_url; in the upload form and the bulk
// edit): one row each, "Add another", a remove button per row, and a paste of several addresses
// (one per line) spread over rows. Each row shows its own message (the server names the row:
// pixel_url.1).
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ClipboardEvent, useId } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { parseUrlList, pasteIntoRows } from './creative-form-model.ts';

/** More rows than any ad server fires. */
export const URL_ROWS_MAX = 20;

type UrlListFieldProps = {
  label: string;
  description?: string;
  rows: string[];
  onChange: (rows: string[]) => void;
  /** The (translated) message of row `index`, if any. */
  errorOf: (index: number) => string | undefined;
  /** Greys the list out (a bulk field that is not ticked). */
  disabled?: boolean;
  testId: string;
};

export const UrlListField = ({
  label,
  description,
  rows,
  onChange,
  errorOf,
  disabled = false,
  testId,
}: UrlListFieldProps) => {
  const { t } = useTranslation('creatives');
  const labelId = useId();
  const descriptionId = useId();
  const setRow = (index: number, value: string) =>
    onChange(rows.map((row, at) => (at === index ? value : row)));
  const removeRow = (index: number) => {
    const next = rows.filter((_, at) => at !== index);
    onChange(next.length > 0 ? next : ['']);
  };
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (parseUrlList(text).length < 2) return; // one address: the browser pastes it as usual
    event.preventDefault();
    onChange(pasteIntoRows(rows, index, text).slice(0, URL_ROWS_MAX));
  };
  return (
    <Stack
      gap={6}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <Stack gap={0}>
        <Text id={labelId} fw={500} size="sm" c={disabled ? 'dimmed' : undefined}>
          {label}
        </Text>
        {description ? (
          <Text id={descriptionId} size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; the server names them by index
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            value={row}
            onChange={(event) => setRow(index, event.currentTarget.value)}
            onPaste={(event) => onPaste(index, event)}
            aria-label={t('urls.rowLabel', { field: label, number: index + 1 })}
            placeholder="https://tracker.example.com/pixel"
            error={errorOf(index)}
            disabled={disabled}
            inputMode="url"
            autoComplete="off"
            style={{ flex: 1 }}
            data-testid={`${testId}-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => removeRow(index)}
            disabled={disabled || (rows.length === 1 && row === '')}
            aria-label={t('urls.removeRow', { field: label, number: index + 1 })}
            data-testid={`${testId}-remove-${index}`}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => onChange([...rows, ''])}
          disabled={disabled || rows.length >= URL_ROWS_MAX}
          data-testid={`${testId}-add`}
        >
          {t('urls.add')}
        </Button>
      </Group>
    </Stack>
  );
};
