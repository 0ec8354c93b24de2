// The conversion events of the account (spec section 3: event_name, event_status, key): what a
// postback's `event` is called in reports, where each becomes a column E{n}-{name}.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { type EventConfigItem, eventConfigBody } from '@console/core/api/reports';
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadState } from '../../../components/load-state.tsx';
import { showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useEventConfig, useSaveEventConfig } from '../api/event-config.ts';

type Row = EventConfigItem & { rowId: number };

// Each row keeps its own id while keys and names are typed (React keys).
let nextRowId = 0;
const rowOf = (event: EventConfigItem): Row => ({ ...event, rowId: nextRowId++ });

export const EventConfigSection = () => {
  const { t } = useTranslation('settings');
  const config = useEventConfig();
  const save = useSaveEventConfig();
  const fields = useFieldErrors();
  const [events, setEvents] = useState<Row[] | null>(null);
  useEffect(() => {
    if (config.data && events === null)
      setEvents(
        config.data.map(({ key, event_name, event_status }) => rowOf({ key, event_name, event_status })),
      );
  }, [config.data, events]);
  const change = (index: number, patch: Partial<EventConfigItem>) =>
    setEvents((current) => (current ?? []).map((event, i) => (i === index ? { ...event, ...patch } : event)));
  const submit = async () => {
    const checked = fields.check(eventConfigBody, {
      events: (events ?? []).map(({ rowId: _, ...event }) => event),
    });
    if (!checked) return;
    fields.clear();
    try {
      await save.mutateAsync(checked.events);
      showToast('success', t('events.saved'));
    } catch (error) {
      fields.refused(error, t('events.failed'), 'unlessFields');
    }
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-events">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="settings-events">
            {t('events.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('events.description')}
          </Text>
        </div>
        {events === null ? (
          <LoadState isError={config.isError} error={config.error} onRetry={() => void config.refetch()} />
        ) : (
          <>
            {events.map((event, i) => (
              <Group key={event.rowId} align="flex-end" wrap="nowrap" data-testid="event-config-row">
                <Text w={40} size="sm" fw={500} pb={8}>
                  {`E${i + 1}`}
                </Text>
                <TextInput
                  label={t('events.key')}
                  value={event.key}
                  onChange={(e) => change(i, { key: e.currentTarget.value })}
                  error={fields.errorOf(`events.${i}.key`)}
                />
                <TextInput
                  label={t('events.name')}
                  value={event.event_name}
                  onChange={(e) => change(i, { event_name: e.currentTarget.value })}
                  error={fields.errorOf(`events.${i}.event_name`)}
                />
                <NativeSelect
                  label={t('events.status')}
                  value={event.event_status}
                  onChange={(e) =>
                    change(i, { event_status: e.currentTarget.value as EventConfigItem['event_status'] })
                  }
                  data={[
                    { value: 'ACTIVE', label: t('events.active') },
                    { value: 'INACTIVE', label: t('events.inactive') },
                  ]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={t('events.remove', { name: event.event_name || event.key })}
                  onClick={() => setEvents(events.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ))}
            {fields.errorOf('events') ? (
              <Text c="red" size="sm" role="alert">
                {fields.errorOf('events')}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() =>
                  setEvents([
                    ...events,
                    rowOf({ key: `event${events.length + 1}`, event_name: '', event_status: 'ACTIVE' }),
                  ])
                }
                data-testid="event-config-add"
              >
                {t('events.add')}
              </Button>
              <Button onClick={() => void submit()} loading={save.isPending} data-testid="event-config-save">
                {t('events.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
};
