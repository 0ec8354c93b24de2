// The supported exchanges of one advertiser: every active exchange (no list of its own, the
// default) or only the ticked ones. New creatives of that advertiser go to these exchanges for
// approval. The change is recorded in the user's change log.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { Exchange, UserSupportedExchanges } from '@console/core/api/reference';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AdvertiserPicker } from '../../components/advertiser-picker.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useSupportedExchanges } from '../../lib/reference/supported-exchanges.ts';
import { ALL_EXCHANGES_QUERY, useExchangeList } from './api/list-exchanges.ts';
import { useSetSupportedExchanges } from './api/supported-exchanges.ts';
import { sameIdSet, toggleId } from './metadata-model.ts';

type Mode = 'all' | 'only';

const SupportedEditor = ({
  userId,
  current,
  exchanges,
}: {
  userId: number;
  current: UserSupportedExchanges;
  exchanges: readonly Exchange[];
}) => {
  const { t } = useTranslation('metadata');
  const mutation = useSetSupportedExchanges();
  const [mode, setMode] = useState<Mode>(current.all_exchanges ? 'all' : 'only');
  const [ids, setIds] = useState<number[]>(current.exchange_ids);
  const [error, setError] = useState<string | undefined>();
  const savedIds = current.all_exchanges ? [] : current.exchange_ids;
  const nextIds = mode === 'all' ? [] : ids;
  const isDirty = !sameIdSet(savedIds, nextIds) || (mode === 'only' && current.all_exchanges);
  const activeIds = exchanges
    .filter((exchange) => exchange.status === 'ACTIVE')
    .map((exchange) => exchange.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'only' && ids.length === 0) {
      setError(t('supported.tickOne'));
      return;
    }
    mutation.mutate(
      { userId, exchangeIds: nextIds },
      {
        onSuccess: (saved) => {
          setMode(saved.all_exchanges ? 'all' : 'only');
          setIds(saved.exchange_ids);
          showToast('success', t('supported.saved'));
        },
        onError: (failure) => showToast('error', failureMessage(failure, t('supported.saveFailed'))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('supported.formLabel')}>
      <Stack gap="md">
        <Text size="sm" data-testid="supported-current">
          {current.all_exchanges
            ? t('supported.currentAll', { count: current.exchanges.length })
            : t('supported.currentOwn', { count: current.exchange_ids.length })}
        </Text>
        <Radio.Group
          label={t('supported.modeLabel')}
          value={mode}
          onChange={(value) => {
            setMode(value as Mode);
            setError(undefined);
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="all" label={t('supported.modeAll')} data-testid="supported-mode-all" />
            <Radio value="only" label={t('supported.modeOnly')} data-testid="supported-mode-only" />
          </Stack>
        </Radio.Group>
        <Fieldset legend={t('supported.exchanges')} disabled={mode === 'all'} radius="md">
          <Stack gap="sm">
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setIds(activeIds);
                  setError(undefined);
                }}
                data-testid="supported-tick-active"
              >
                {t('supported.tickActive')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setIds([])} data-testid="supported-clear">
                {t('supported.clear')}
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {exchanges.map((exchange) => (
                <Checkbox
                  key={exchange.id}
                  checked={ids.includes(exchange.id)}
                  onChange={(event) => {
                    setIds((currentIds) => toggleId(currentIds, exchange.id, event.currentTarget.checked));
                    setError(undefined);
                  }}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <span>{exchange.name}</span>
                      {exchange.status === 'INACTIVE' ? (
                        <Badge size="xs" variant="light" color="gray" radius="sm">
                          {t('status.INACTIVE')}
                        </Badge>
                      ) : null}
                    </Group>
                  }
                  data-testid={`supported-exchange-${exchange.id}`}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="supported-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {mode === 'all' ? t('supported.willAll') : t('supported.willOnly', { count: ids.length })}
          </Text>
          <Button
            type="submit"
            disabled={!isDirty}
            loading={mutation.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            data-testid="supported-save"
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const SupportedExchangesTab = () => {
  const { t } = useTranslation('metadata');
  const [user, setUser] = useState<{ id: number; name: string } | null>(null);
  const supported = useSupportedExchanges(user?.id ?? null, (user?.id ?? 0) > 0);
  const exchanges = useExchangeList(ALL_EXCHANGES_QUERY);

  const body = () => {
    if (!user) {
      return (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          data-testid="supported-none"
        >
          {t('supported.pickFirst')}
        </Alert>
      );
    }
    if (supported.isPending || exchanges.isPending || supported.isError || exchanges.isError) {
      return (
        <LoadState
          isError={supported.isError || exchanges.isError}
          error={supported.error ?? exchanges.error}
          onRetry={() => {
            void supported.refetch();
            void exchanges.refetch();
          }}
          testId="supported"
        />
      );
    }
    return (
      <SupportedEditor
        key={user.id}
        userId={user.id}
        current={supported.data}
        exchanges={exchanges.data.items}
      />
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {t('supported.intro')}
      </Text>
      <AdvertiserPicker
        label={t('supported.user')}
        value={user?.id ?? null}
        onChange={(choice) => setUser(choice ? { id: choice.id, name: choice.name } : null)}
        selectedName={user?.name}
        testId="supported-user"
        w={420}
      />
      <Paper withBorder radius="md" p="lg">
        {body()}
      </Paper>
    </Stack>
  );
};
