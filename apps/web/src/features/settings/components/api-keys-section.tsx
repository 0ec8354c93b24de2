// API keys of the signed-in user (only with api_access): the list (name, prefix, created, last
// used), a form to create one (its secret shown once) and revoking with a confirmation.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { apiKeyCreateBody } from '@console/core/api/settings';
import {
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { LoadState } from '../../../components/load-state.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { readServerFieldErrors } from '../../../lib/forms/failure-message.ts';
import { readSchemaErrors } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type CreatedApiKey, useCreateApiKey } from '../api/create-api-key.ts';
import { type ApiKey, useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { settingsMessageKey } from '../form-messages.ts';
import { CreatedKeyModal } from './created-key-modal.tsx';

const CreateKeyForm = ({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) => {
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateApiKey();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = readSchemaErrors<'name'>(apiKeyCreateBody, { name });
    setError(found.name);
    if (found.name) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (failure) => {
          setError(readServerFieldErrors(failure).name);
          showToast('error', failureMessage(failure, t('errors.generic')));
        },
      },
    );
  };

  const errorKey = settingsMessageKey(error);
  return (
    <form onSubmit={submit} noValidate aria-label={t('apiKeys.create')}>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('apiKeys.nameLabel')}
          description={t('apiKeys.nameHint')}
          name="name"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errorKey ? t(errorKey) : undefined}
          style={{ flex: '1 1 260px' }}
          data-testid="api-key-name"
        />
        <Button
          type="submit"
          loading={create.isPending}
          leftSection={<IconKey size={16} aria-hidden="true" />}
          data-testid="api-key-create"
        >
          {t('apiKeys.create')}
        </Button>
      </Group>
    </form>
  );
};

const KeyTable = ({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) => {
  const { t, i18n } = useTranslation('settings');
  if (keys.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="api-keys-empty">
        {t('apiKeys.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="api-keys-table">
        <Table.Caption>{t('apiKeys.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('apiKeys.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.columns.prefix')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.columns.created')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.columns.lastUsed')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('apiKeys.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid="api-key-row">
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>{formatDateTime(key.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : t('apiKeys.never')}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  aria-label={t('apiKeys.revokeNamed', { name: key.name })}
                  onClick={() => onRevoke(key)}
                  data-testid="api-key-revoke"
                >
                  {t('apiKeys.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

export const ApiKeysSection = () => {
  const { t } = useTranslation('settings');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      showToast('success', t('apiKeys.revoked', { name: revoking.name }));
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.generic')));
      throw error;
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-api-keys">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="settings-api-keys">
            {t('apiKeys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('apiKeys.lead')}
          </Text>
        </Stack>
        <CreateKeyForm onCreated={setCreated} />
        {keys.data ? (
          <KeyTable keys={keys.data} onRevoke={setRevoking} />
        ) : (
          <LoadState
            isError={keys.isError}
            error={keys.error}
            onRetry={() => void keys.refetch()}
            testId="api-keys"
          />
        )}
      </Stack>
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
      <ConfirmAction
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={confirmRevoke}
        title={t('apiKeys.revokeTitle')}
        message={t('apiKeys.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        testId="api-key-revoke-confirm"
      />
    </Paper>
  );
};
