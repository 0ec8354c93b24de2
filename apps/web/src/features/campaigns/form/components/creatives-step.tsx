// Step 4: the advertiser's creatives to attach, searched on the server (newest first, more on
// demand), each with its preview, type, size and approval status. Attached ones stay listed on top
// even when the search does not match them.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Pill,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCode, IconLayoutList, IconMovie, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LoadState } from '../../../../components/load-state.tsx';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { type CreativeOption, useCreativeOptions, useCreativesByIds } from '../../api/creative-options.ts';
import type { StepProps } from './step-props.ts';

const TYPE_ICONS = { image: IconPhoto, native: IconLayoutList, video: IconMovie, html: IconCode } as const;
const STATUS_COLORS = { PENDING: 'yellow.2', APPROVED: 'green.2', REJECTED: 'red.2' } as const;

const Preview = ({ creative }: { creative: CreativeOption }) => {
  const Icon = TYPE_ICONS[creative.creative_type] ?? IconPhoto;
  return creative.preview_url ? (
    <img
      src={creative.preview_url}
      alt=""
      loading="lazy"
      width={56}
      height={42}
      style={{ objectFit: 'contain', borderRadius: 4, background: 'var(--mantine-color-default-hover)' }}
    />
  ) : (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        width: 56,
        height: 42,
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 4,
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      <Icon size={20} stroke={1.5} />
    </span>
  );
};

export const CreativesStep = ({ values, errorOf, change, advertiserId, hasAdvertiser }: StepProps) => {
  const { t } = useTranslation('campaign-form');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useCreativeOptions(advertiserId, q, hasAdvertiser);
  const found = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const foundIds = new Set(found.map((creative) => creative.creative_primary_id));
  const missing = values.creative_ids.filter((id) => !foundIds.has(id));
  const attached = useCreativesByIds(missing);
  const byId = new Map<number, CreativeOption>();
  for (const creative of [...(attached.data ?? []), ...found])
    byId.set(creative.creative_primary_id, creative);
  const chosen = new Set(values.creative_ids);
  const rows = [
    ...values.creative_ids.filter((id) => !foundIds.has(id)).flatMap((id) => byId.get(id) ?? []),
    ...found,
  ];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  const toggle = (id: number, on: boolean) =>
    change({
      creative_ids: on
        ? [...values.creative_ids.filter((item) => item !== id), id]
        : values.creative_ids.filter((item) => item !== id),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('fields.searchCreatives')}
          placeholder={t('placeholders.searchCreatives')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="creatives-search"
          w={{ base: '100%', sm: 320 }}
        />
        <Text size="sm" aria-live="polite" data-testid="creatives-selected-count">
          {t('creatives.selected', { count: values.creative_ids.length })}
        </Text>
      </Group>
      {values.creative_ids.length > 0 ? (
        <Group gap={6} aria-label={t('creatives.attached')} role="list">
          {values.creative_ids.map((id) => (
            <Pill
              key={id}
              role="listitem"
              withRemoveButton
              onRemove={() => toggle(id, false)}
              removeButtonProps={{
                'aria-label': t('creatives.remove', { name: byId.get(id)?.name ?? `#${id}` }),
              }}
            >
              {byId.get(id)?.name ?? `#${id}`}
            </Pill>
          ))}
        </Group>
      ) : null}
      {errorOf('creative_ids') ? (
        <Text size="sm" c="red" role="alert">
          {errorOf('creative_ids')}
        </Text>
      ) : null}

      {list.isError ? (
        <LoadState isError error={list.error} onRetry={() => void list.refetch()} testId="creatives" />
      ) : list.isLoading ? (
        <LoadState isError={false} testId="creatives" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="creatives-empty">
          {q ? t('creatives.noMatch') : t('creatives.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} highlightOnHover data-testid="creatives-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>{t('creatives.attach')}</VisuallyHidden>
                </Table.Th>
                <Table.Th w={72}>{t('creatives.preview')}</Table.Th>
                <Table.Th>{t('creatives.name')}</Table.Th>
                <Table.Th>{t('creatives.type')}</Table.Th>
                <Table.Th>{t('creatives.size')}</Table.Th>
                <Table.Th>{t('creatives.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((creative) => {
                const id = creative.creative_primary_id;
                return (
                  <Table.Tr key={id} data-testid={`creative-option-${id}`}>
                    <Table.Td>
                      <Checkbox
                        checked={chosen.has(id)}
                        onChange={(event) => toggle(id, event.currentTarget.checked)}
                        aria-label={t('creatives.attachOne', { name: creative.name })}
                        data-testid={`creative-select-${id}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Preview creative={creative} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {creative.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        #{id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`creativeType.${creative.creative_type}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{creative.size ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="filled" autoContrast radius="sm" color={STATUS_COLORS[creative.status]}>
                        {t(`creativeStatus.${creative.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            data-testid="creatives-more"
          >
            {t('creatives.more', { count: total - found.length })}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};
