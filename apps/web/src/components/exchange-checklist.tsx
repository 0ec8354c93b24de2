// A checklist of exchanges (an advertiser's supported ones, from lib/reference/supported-exchanges.ts)
// with select-all and clear, the loading and load-failed states: where a campaign runs and where a
// creative goes for approval. Ids already chosen but no longer offered stay listed (by `knownNames`,
// else '#id') so a save does not drop them silently.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { useSupportedExchanges } from '../lib/reference/supported-exchanges.ts';

export type ExchangeChecklistProps = {
  /** Whose supported exchanges: an advertiser's id, or null for the signed-in user's own. */
  advertiserId: number | null;
  /** False until the advertiser is known (a staff form before one is chosen). */
  enabled?: boolean;
  label: string;
  description?: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
  knownNames?: Readonly<Record<number, string>>;
  testId: string;
};

export const ExchangeChecklist = ({
  advertiserId,
  enabled = true,
  label,
  description,
  value,
  onChange,
  error,
  knownNames,
  testId,
}: ExchangeChecklistProps) => {
  const { t } = useTranslation('components');
  const supported = useSupportedExchanges(advertiserId, enabled);
  const options = useMemo(() => {
    const list = new Map<number, string>();
    for (const exchange of supported.data?.exchanges ?? []) list.set(exchange.id, exchange.name);
    for (const id of value) if (!list.has(id)) list.set(id, knownNames?.[id] ?? `#${id}`);
    return [...list].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [supported.data, value, knownNames]);

  return (
    <Stack gap="xs">
      {supported.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('exchangeChecklist.loadFailed')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void supported.refetch()}>
              {t('exchangeChecklist.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Checkbox.Group
        label={label}
        description={description}
        value={value.map(String)}
        onChange={(ids) => onChange(ids.map(Number))}
        error={error}
        data-testid={`${testId}-group`}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
          {options.map((exchange) => (
            <Checkbox
              key={exchange.id}
              value={String(exchange.id)}
              label={exchange.name}
              data-testid={`${testId}-${exchange.id}`}
            />
          ))}
        </SimpleGrid>
        {supported.isLoading ? (
          <Text size="sm" c="dimmed">
            {t('exchangeChecklist.loading')}
          </Text>
        ) : null}
      </Checkbox.Group>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onChange(options.map((exchange) => exchange.id))}
          disabled={options.length === 0}
          data-testid={`${testId}-all`}
        >
          {t('exchangeChecklist.selectAll')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onChange([])}
          disabled={value.length === 0}
        >
          {t('exchangeChecklist.clear')}
        </Button>
      </Group>
    </Stack>
  );
};
