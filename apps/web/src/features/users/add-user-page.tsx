// /admin/addUser (admin only): a user of any role; an advertiser may belong to an agency. The form
// checks with the request's own schema (addUserBody) before sending.
import '../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { addUserBody } from '@console/core/api/users';
import { ROLES, type Role } from '@console/core/roles';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useCreateUser } from './api/create-user.ts';
import { useAgencyOptions } from './api/list-agency-options.ts';
import { canAddUser, userPaths } from './user-rules.ts';

type Values = {
  role: Role;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
  agency_id: string;
};

const EMPTY: Values = {
  role: 'ADVERTISER',
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  password: '',
  agency_id: '',
};

const AddUserPage = () => {
  const { t } = useTranslation(['users', 'components']);
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const { auth } = useSession();
  const paths = userPaths(auth?.role);
  const [values, setValues] = useState<Values>(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useFieldErrors();
  const agencies = useAgencyOptions();
  const mutation = useCreateUser();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    fields.clear(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const isAdvertiser = values.role === 'ADVERTISER';
    const checked = fields.check(addUserBody, {
      ...values,
      agency_id: isAdvertiser && values.agency_id ? values.agency_id : undefined,
    });
    if (!checked) return;
    mutation.mutate(checked, {
      onSuccess: (user) => {
        showToast('success', t('add.done', { email: user.email }));
        navigate(paths.edit(user.user_primary_id));
      },
      onError: (error) => {
        fields.takeServerErrors(error);
        const message = failureMessage(error, t('add.failed'));
        setFailure(message);
        showToast('error', message);
      },
    });
  };

  if (!route) return null;
  if (!canAddUser(auth?.role)) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <form onSubmit={submit} noValidate aria-label={t('add.formLabel')}>
          <Stack gap="md">
            {failure ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t('add.failedTitle')}
                data-testid="add-user-error"
              >
                {failure}
              </Alert>
            ) : null}
            <NativeSelect
              label={t('fields.role')}
              required
              value={values.role}
              onChange={(event) => set('role', event.currentTarget.value as Role)}
              data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              error={fields.errorOf('role')}
              data-testid="add-user-role"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('fields.firstName')}
                required
                autoComplete="off"
                value={values.firstName}
                onChange={(event) => set('firstName', event.currentTarget.value)}
                error={fields.errorOf('firstName')}
                data-testid="add-user-first-name"
              />
              <TextInput
                label={t('fields.lastName')}
                required
                autoComplete="off"
                value={values.lastName}
                onChange={(event) => set('lastName', event.currentTarget.value)}
                error={fields.errorOf('lastName')}
                data-testid="add-user-last-name"
              />
            </SimpleGrid>
            <TextInput
              label={t('fields.companyName')}
              required
              autoComplete="off"
              value={values.companyName}
              onChange={(event) => set('companyName', event.currentTarget.value)}
              error={fields.errorOf('companyName')}
              data-testid="add-user-company"
            />
            <TextInput
              label={t('fields.email')}
              type="email"
              required
              autoComplete="off"
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
              error={fields.errorOf('email')}
              data-testid="add-user-email"
            />
            <PasswordInput
              label={t('fields.password')}
              description={t('components:validation.password')}
              required
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              error={fields.errorOf('password')}
              visible={showPassword}
              onVisibilityChange={setShowPassword}
              visibilityToggleButtonProps={{
                'aria-label': showPassword ? t('password.hide') : t('password.show'),
              }}
              data-testid="add-user-password"
            />
            {values.role === 'ADVERTISER' ? (
              <Select
                label={t('fields.agency')}
                description={t('add.agencyHint')}
                placeholder={t('add.directAdvertiser')}
                value={values.agency_id || null}
                onChange={(value) => set('agency_id', value ?? '')}
                data={(agencies.data?.items ?? []).map((agency) => ({
                  value: String(agency.user_primary_id),
                  label: `${agency.companyName} · ${agency.email}`,
                }))}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': t('add.clearAgency') }}
                nothingFoundMessage={agencies.isError ? t('add.agenciesFailed') : t('filters.noAgency')}
                error={fields.errorOf('agency_id')}
                data-testid="add-user-agency"
              />
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.list}>
                {t('components:confirm.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="add-user-submit">
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
};

export default AddUserPage;
