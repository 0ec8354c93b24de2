// /admin/editUser/{id} (the co-admin's shared path too): a user's e-mail, names and company, checked
// with the request's own schema (editUserBody), and the notes on the user.
import '../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Grid.css';
import type { UserListItem } from '@console/core/api/users';
import { editUserBody } from '@console/core/api/users';
import { Button, Grid, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useUpdateUser } from './api/update-user.ts';
import { NotesPanel } from './components/notes-panel.tsx';
import { UserSummary } from './components/user-summary.tsx';
import { parseId } from './user-rules.ts';

type Values = { email: string; firstName: string; lastName: string; companyName: string };

const EditUserForm = ({ user }: { user: UserListItem }) => {
  const { t } = useTranslation(['users', 'components']);
  const headingId = useId();
  const initial: Values = {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
  };
  const [values, setValues] = useState<Values>(initial);
  const fields = useFieldErrors();
  const mutation = useUpdateUser(user.user_primary_id);
  const isDirty = (Object.keys(initial) as (keyof Values)[]).some((key) => values[key] !== initial[key]);

  const set = (key: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    fields.clear(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fields.check(editUserBody, values);
    if (!checked) return;
    mutation.mutate(checked, {
      onSuccess: (saved) => {
        setValues({
          email: saved.email,
          firstName: saved.firstName,
          lastName: saved.lastName,
          companyName: saved.companyName,
        });
        showToast('success', t('edit.saved'));
      },
      onError: (error) => fields.refused(error, t('edit.failed')),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4" id={headingId}>
            {t('edit.details')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.firstName')}
              required
              value={values.firstName}
              onChange={(event) => set('firstName', event.currentTarget.value)}
              error={fields.errorOf('firstName')}
              data-testid="edit-user-first-name"
            />
            <TextInput
              label={t('fields.lastName')}
              required
              value={values.lastName}
              onChange={(event) => set('lastName', event.currentTarget.value)}
              error={fields.errorOf('lastName')}
              data-testid="edit-user-last-name"
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.companyName')}
            required
            value={values.companyName}
            onChange={(event) => set('companyName', event.currentTarget.value)}
            error={fields.errorOf('companyName')}
            data-testid="edit-user-company"
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={fields.errorOf('email')}
            data-testid="edit-user-email"
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!isDirty || mutation.isPending}
              onClick={() => setValues(initial)}
            >
              {t('edit.reset')}
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={!isDirty}
              data-testid="edit-user-submit"
            >
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const EditUserPage = () => {
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <UserSummary id={id} omitActions={['edit']}>
        {(user) => (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <EditUserForm key={user.user_primary_id} user={user} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <NotesPanel userId={user.user_primary_id} />
            </Grid.Col>
          </Grid>
        )}
      </UserSummary>
    </PageFrame>
  );
};

export default EditUserPage;
