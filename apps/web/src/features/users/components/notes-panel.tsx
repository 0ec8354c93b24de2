// Notes on a user: newest first, each with its author and time; a form to add one.
import { noteBody } from '@console/core/api/users';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useAddUserNote, useUserNotes } from '../api/user-notes.ts';

export const NotesPanel = ({ userId }: { userId: number }) => {
  const { t, i18n } = useTranslation('users');
  const headingId = useId();
  const notes = useUserNotes(userId);
  const mutation = useAddUserNote(userId);
  const [text, setText] = useState('');
  const fields = useFieldErrors();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fields.check(noteBody, { body: text });
    if (!checked) return;
    mutation.mutate(checked.body, {
      onSuccess: () => {
        setText('');
        showToast('success', t('notes.added'));
      },
      onError: (error) => fields.refused(error, t('notes.failed'), 'unlessFields'),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="notes-panel"
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id={headingId}>
          {t('notes.title')}
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('notes.new')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={2000}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                fields.clear('body');
              }}
              error={fields.errorOf('body')}
              data-testid="note-input"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending} data-testid="note-submit">
                {t('notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
        {notes.isPending ? (
          <Stack gap={6} aria-label={t('notes.loading')} aria-busy="true">
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ) : notes.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('notes.loadFailed')}>
            <Button size="xs" variant="light" color="red" onClick={() => void notes.refetch()}>
              {t('user.retry')}
            </Button>
          </Alert>
        ) : notes.data.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="notes-empty">
            {t('notes.empty')}
          </Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="notes-list"
          >
            {notes.data.map((note) => (
              <Paper key={note.id} component="li" withBorder radius="sm" p="sm">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {note.body}
                </Text>
                <Text size="xs" c="dimmed" mt={6}>
                  {t('notes.by', { author: note.author.email })} ·{' '}
                  <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, i18n.language)}</time>
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
