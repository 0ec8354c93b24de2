// Several URLs, one input each, with "Add another" and a remove button per row (image pixel URLs,
// video impression URLs). Each input shows its own message (errors by index).
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type UrlListInputProps = {
  label: string;
  description?: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  errorAt: (index: number) => string | undefined;
  disabled?: boolean;
  /** At most this many inputs (default 20). */
  max?: number;
  testId: string;
};

export const UrlListInput = ({
  label,
  description,
  values,
  onChange,
  errorAt,
  disabled,
  max = 20,
  testId,
}: UrlListInputProps) => {
  const { t } = useTranslation('creative-bulk');
  const set = (index: number, value: string) => onChange(values.map((old, i) => (i === index ? value : old)));
  const remove = (index: number) => {
    const next = values.filter((_, i) => i !== index);
    onChange(next.length > 0 ? next : ['']);
  };
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500} c={disabled ? 'dimmed' : undefined}>
        {label}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are positions in the list
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('form.urlAt', { label, index: index + 1 })}
            placeholder="https://"
            value={value}
            onChange={(event) => set(index, event.currentTarget.value)}
            error={errorAt(index)}
            disabled={disabled}
            style={{ flex: 1 }}
            inputMode="url"
            data-testid={`${testId}-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => remove(index)}
            disabled={disabled || (values.length === 1 && value === '')}
            aria-label={t('form.removeUrl', { index: index + 1 })}
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
          onClick={() => onChange([...values, ''])}
          disabled={disabled || values.length >= max}
          data-testid={`${testId}-add`}
        >
          {t('form.addUrl')}
        </Button>
      </Group>
    </Stack>
  );
};
