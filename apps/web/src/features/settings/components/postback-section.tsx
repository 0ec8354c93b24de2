// The conversion postback URL template: macro chips insert at the cursor, the example below shows
// the URL as one conversion would call it. Only when the user's postback_enabled is ENABLED.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { POSTBACK_MACROS, postbackBody } from '@console/core/api/settings';
import { Button, Code, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LoadState } from '../../../components/load-state.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { readServerFieldErrors } from '../../../lib/forms/failure-message.ts';
import { readSchemaErrors } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { usePostback } from '../api/get-postback.ts';
import { useSavePostback } from '../api/save-postback.ts';
import { settingsMessageKey } from '../form-messages.ts';
import { findUnknownMacros, insertAtCursor, renderPostbackExample } from '../postback-template.ts';

const PostbackForm = ({ saved }: { saved: string }) => {
  const { t } = useTranslation('settings');
  const [template, setTemplate] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLTextAreaElement>(null);
  const save = useSavePostback();

  const insert = (macro: string) => {
    const element = input.current;
    const next = insertAtCursor(
      template,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
      macro,
    );
    // Written at once, so that the caret can go right after the macro and typing continues there.
    flushSync(() => setTemplate(next.value));
    element?.focus();
    element?.setSelectionRange(next.caret, next.caret);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = readSchemaErrors<'url_template'>(postbackBody, { url_template: template });
    setError(found.url_template);
    if (found.url_template) return;
    save.mutate(
      { url_template: template.trim() },
      {
        onSuccess: (postback) => {
          setTemplate(postback.url_template);
          showToast('success', t('postback.saved'));
        },
        onError: (failure) => {
          setError(readServerFieldErrors(failure).url_template);
          showToast('error', failureMessage(failure, t('errors.generic')));
        },
      },
    );
  };

  const unknown = findUnknownMacros(template);
  const errorKey = settingsMessageKey(error);
  const example = template.trim() ? renderPostbackExample(template.trim()) : '';

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-postback">
      <Stack gap="md">
        <Textarea
          ref={input}
          label={t('postback.urlLabel')}
          description={t('postback.urlHint')}
          placeholder="https://tracker.example.com/postback?click={click_id}&payout={payout}"
          name="url_template"
          autosize
          minRows={2}
          spellCheck={false}
          value={template}
          onChange={(event) => setTemplate(event.currentTarget.value)}
          error={errorKey ? t(errorKey) : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="postback-url"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="postback-macros-label">
            {t('postback.macros')}
          </Text>
          <Group gap={6} role="group" aria-labelledby="postback-macros-label">
            {POSTBACK_MACROS.map((macro) => (
              <Button
                key={macro}
                type="button"
                size="compact-sm"
                variant="light"
                radius="xl"
                ff="monospace"
                aria-label={t('postback.insertMacro', { macro })}
                title={t(`macros.${macro.slice(1, -1)}`)}
                onClick={() => insert(macro)}
                data-testid={`postback-macro-${macro.slice(1, -1)}`}
              >
                {macro}
              </Button>
            ))}
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('postback.example')}
          </Text>
          {example ? (
            <Code
              block
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              data-testid="postback-example"
            >
              {example}
            </Code>
          ) : (
            <Text size="sm" c="dimmed">
              {t('postback.exampleEmpty')}
            </Text>
          )}
          {unknown.length > 0 ? (
            <Text size="sm" c="red.8" data-testid="postback-unknown">
              {t('postback.unknownMacros', { macros: unknown.join(' ') })}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end">
          <Button
            type="button"
            variant="default"
            disabled={template === saved || save.isPending}
            onClick={() => {
              setTemplate(saved);
              setError(undefined);
            }}
          >
            {t('postback.discard')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="postback-save">
            {t('postback.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const PostbackSection = () => {
  const { t } = useTranslation('settings');
  const postback = usePostback();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-postback">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="settings-postback">
            {t('postback.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('postback.lead')}
          </Text>
        </Stack>
        {postback.data ? (
          <PostbackForm saved={postback.data.url_template} />
        ) : (
          <LoadState
            isError={postback.isError}
            error={postback.error}
            onRetry={() => void postback.refetch()}
            testId="postback"
          />
        )}
      </Stack>
    </Paper>
  );
};
