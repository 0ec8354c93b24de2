// /admin/editAgency/{id}: the white-label editor of an agency (spec section 3's company config):
// name, title, logo and favicon uploads, footer, help and support, custom domain, and the five
// theme colours beside a live preview of the console, with a WCAG AA warning for every
// text/background pair below 4.5:1. Checked with the request's own schema before saving.
import '../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import { type CompanyConfigEdit, companyConfigEditSchema } from '@console/core/api/agencies';
import {
  Alert,
  Badge,
  Button,
  ColorInput,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconExternalLink, IconLogin2 } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { validateWith } from '../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { actAs, useSession } from '../../lib/session/session-store.ts';
import { canSignInAsAgency, parseId } from './agency-rules.ts';
import { useAgencyCompany, useSaveAgencyCompany } from './api/agency-company.ts';
import { useAgencyUser } from './api/get-agency-user.ts';
import { checkBrandContrast, formatRatio, THEME_FIELDS, type ThemeField } from './brand-contrast.ts';
import { BrandImageField } from './components/brand-image-field.tsx';
import { BrandPreview } from './components/brand-preview.tsx';

type Form = Omit<CompanyConfigEdit, 'footer'> & { footer: { startYear: number | string; text: string } };

const SWATCHES = [
  '#405189',
  '#364574',
  '#1c7ed6',
  '#2f9e44',
  '#e8590c',
  '#c2255c',
  '#2a3042',
  '#ffffff',
  '#f8f9fa',
  '#212529',
];

const Editor = ({ agencyId, initial }: { agencyId: number; initial: CompanyConfigEdit }) => {
  const { t } = useTranslation(['agencies', 'components']);
  const [form, setForm] = useState<Form>(initial);
  const fields = useFieldErrors();
  const mutation = useSaveAgencyCompany(agencyId);
  const checks = useMemo(() => checkBrandContrast(form.theme), [form.theme]);
  const failing = checks.filter((check) => !check.passes);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    fields.clear(key);
  };
  const setTheme = (key: ThemeField, value: string) => {
    setForm((current) => ({ ...current, theme: { ...current.theme, [key]: value } }));
    fields.clear(`theme.${key}`);
  };
  const setFooter = (key: keyof Form['footer'], value: string | number) => {
    setForm((current) => ({ ...current, footer: { ...current.footer, [key]: value } }));
    fields.clear(`footer.${key}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWith(companyConfigEditSchema, {
      ...form,
      footer: {
        ...form.footer,
        startYear: form.footer.startYear === '' ? Number.NaN : Number(form.footer.startYear),
      },
    });
    if (!checked.success) {
      fields.setErrors(checked.errors);
      showToast('error', t('editor.invalid'));
      return;
    }
    mutation.mutate(checked.data, {
      onSuccess: (saved) => {
        setForm(saved);
        showToast('success', t('editor.saved'));
      },
      onError: (error) => fields.refused(error, t('editor.failed')),
    });
  };

  const warningsFor = (field: ThemeField) => failing.filter((check) => check.fields.includes(field));

  return (
    <form onSubmit={submit} noValidate aria-label={t('editor.formLabel')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Fieldset legend={t('editor.brand')} radius="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('editor.companyName')}
                    required
                    value={form.name}
                    onChange={(event) => set('name', event.currentTarget.value)}
                    error={fields.errorOf('name')}
                    data-testid="brand-name"
                  />
                  <TextInput
                    label={t('editor.metaTitle')}
                    description={t('editor.metaTitleHint')}
                    value={form.meta_title}
                    onChange={(event) => set('meta_title', event.currentTarget.value)}
                    error={fields.errorOf('meta_title')}
                    data-testid="brand-title"
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <BrandImageField
                    label={t('editor.logo')}
                    hint={t('editor.logoHint')}
                    value={form.logoSrc}
                    onChange={(url) => set('logoSrc', url)}
                    error={fields.errorOf('logoSrc')}
                    testId="brand-logo"
                  />
                  <BrandImageField
                    label={t('editor.favicon')}
                    hint={t('editor.faviconHint')}
                    value={form.favicon}
                    onChange={(url) => set('favicon', url)}
                    error={fields.errorOf('favicon')}
                    testId="brand-favicon"
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Fieldset legend={t('editor.colors')} radius="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {THEME_FIELDS.map((field) => {
                    const warnings = warningsFor(field);
                    return (
                      <ColorInput
                        key={field}
                        label={t(`editor.theme.${field}`)}
                        description={
                          <>
                            {t(`editor.themeHint.${field}`)}
                            {warnings.length > 0 ? (
                              <Text
                                component="span"
                                size="xs"
                                c="red.8"
                                fw={600}
                                display="flex"
                                style={{ alignItems: 'center', gap: 4 }}
                                data-testid={`contrast-warning-${field}`}
                              >
                                <IconAlertTriangle size={14} aria-hidden="true" />
                                {t('editor.contrastFieldWarning', {
                                  ratio: formatRatio(Math.min(...warnings.map((w) => w.ratio))),
                                })}
                              </Text>
                            ) : null}
                          </>
                        }
                        format="hex"
                        value={form.theme[field]}
                        onChange={(value) => setTheme(field, value)}
                        swatches={SWATCHES}
                        withEyeDropper={false}
                        attributes={{
                          // The picker's own saturation label is not passed on by ColorInput; a title names it.
                          saturation: { 'aria-label': t('editor.saturation'), title: t('editor.saturation') },
                          slider: { 'aria-label': t('editor.hue') },
                        }}
                        error={fields.errorOf(`theme.${field}`)}
                        data-testid={`brand-color-${field}`}
                      />
                    );
                  })}
                </SimpleGrid>
                <Paper
                  withBorder
                  radius="sm"
                  p="sm"
                  component="section"
                  aria-label={t('editor.contrastTitle')}
                >
                  <Text fw={600} size="sm" mb={6}>
                    {t('editor.contrastTitle')}
                  </Text>
                  <Stack
                    gap={4}
                    component="ul"
                    style={{ listStyle: 'none', margin: 0, padding: 0 }}
                    data-testid="contrast-checks"
                  >
                    {checks.map((check) => (
                      <Group
                        key={check.id}
                        component="li"
                        gap={8}
                        wrap="nowrap"
                        data-testid={
                          check.passes ? `contrast-ok-${check.id}` : `contrast-warning-${check.id}`
                        }
                      >
                        {check.passes ? (
                          <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden="true" />
                        ) : (
                          <IconAlertTriangle
                            size={16}
                            color="var(--mantine-color-red-8)"
                            aria-hidden="true"
                          />
                        )}
                        {/* The pair as two swatches (no text, so the sample itself is never unreadable). */}
                        <span
                          aria-hidden="true"
                          style={{
                            display: 'inline-flex',
                            alignItems: 'center',
                            justifyContent: 'center',
                            width: 34,
                            height: 20,
                            borderRadius: 4,
                            border: '1px solid var(--mantine-color-gray-5)',
                            background: check.background,
                          }}
                        >
                          <span
                            style={{ width: 14, height: 8, borderRadius: 2, background: check.foreground }}
                          />
                        </span>
                        <Text size="sm" style={{ flex: 1 }}>
                          {t(`editor.pairs.${check.id}`)}
                        </Text>
                        <Badge color={check.passes ? 'green' : 'red'} variant="light" radius="sm" tt="none">
                          {check.passes
                            ? t('editor.contrastPass', { ratio: formatRatio(check.ratio) })
                            : t('editor.contrastFail', { ratio: formatRatio(check.ratio) })}
                        </Badge>
                      </Group>
                    ))}
                  </Stack>
                  {failing.length > 0 ? (
                    <Text size="xs" c="red.8" mt={6} role="status" data-testid="contrast-summary">
                      {t('editor.contrastSummary', { count: failing.length })}
                    </Text>
                  ) : null}
                </Paper>
              </Stack>
            </Fieldset>

            <Fieldset legend={t('editor.footerAndHelp')} radius="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <NumberInput
                    label={t('editor.startYear')}
                    min={1990}
                    max={2100}
                    allowDecimal={false}
                    value={form.footer.startYear}
                    onChange={(value) => setFooter('startYear', value)}
                    error={fields.errorOf('footer.startYear')}
                    data-testid="brand-start-year"
                  />
                  <TextInput
                    label={t('editor.footerText')}
                    value={form.footer.text}
                    onChange={(event) => setFooter('text', event.currentTarget.value)}
                    error={fields.errorOf('footer.text')}
                    style={{ gridColumn: 'span 2' }}
                    data-testid="brand-footer-text"
                  />
                </SimpleGrid>
                <Switch
                  label={t('editor.helpAndSupport')}
                  description={t('editor.helpAndSupportHint')}
                  checked={form.help_and_support}
                  onChange={(event) => set('help_and_support', event.currentTarget.checked)}
                  data-testid="brand-help-switch"
                />
                <TextInput
                  label={t('editor.helpLink')}
                  placeholder="https://help.example.com"
                  type="url"
                  required={form.help_and_support}
                  value={form.help_and_support_link}
                  onChange={(event) => set('help_and_support_link', event.currentTarget.value)}
                  error={fields.errorOf('help_and_support_link')}
                  data-testid="brand-help-link"
                />
              </Stack>
            </Fieldset>

            <Fieldset legend={t('editor.domain')} radius="md">
              <TextInput
                label={t('editor.customDomain')}
                description={t('editor.customDomainHint')}
                placeholder="console.example.com"
                value={form.custom_domain}
                onChange={(event) => set('custom_domain', event.currentTarget.value)}
                error={fields.errorOf('custom_domain')}
                rightSection={
                  form.custom_domain && !fields.errors.custom_domain ? (
                    <a
                      href={`${window.location.protocol}//${form.custom_domain}${window.location.port ? `:${window.location.port}` : ''}/login`}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('editor.openDomain')}
                      style={{ display: 'inline-flex', color: 'inherit' }}
                    >
                      <IconExternalLink size={16} aria-hidden="true" />
                    </a>
                  ) : null
                }
                data-testid="brand-domain"
              />
            </Fieldset>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 80 }}>
            <Paper withBorder radius="md" p="md">
              <BrandPreview
                theme={form.theme}
                companyName={form.name || t('editor.companyName')}
                logoSrc={form.logoSrc}
                footer={form.footer}
                labels={{
                  title: t('editor.preview'),
                  menu: [t('preview.dashboard'), t('preview.campaigns'), t('preview.reports')],
                  cardTitle: t('preview.cardTitle'),
                  cardBody: t('preview.cardBody'),
                  link: t('preview.link'),
                  button: t('preview.button'),
                  buttonHover: t('preview.buttonHover'),
                }}
              />
            </Paper>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setForm(initial)} disabled={mutation.isPending}>
                {t('editor.reset')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="brand-save">
                {t('editor.save')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
};

const EditAgencyPage = () => {
  const { t } = useTranslation('agencies');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const id = parseId(useParams().id);
  const agency = useAgencyUser(id);
  const company = useAgencyCompany(id);

  const signInAs = async () => {
    try {
      await actAs(id);
    } catch (error) {
      showToast('error', failureMessage(error, t('list.signInAsFailed')));
    }
  };

  if (!route) return null;
  const failure = id <= 0 ? null : (company.error ?? agency.error);
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        agency.data && canSignInAsAgency(auth?.role, agency.data.status) ? (
          <Button
            variant="light"
            leftSection={<IconLogin2 size={16} aria-hidden="true" />}
            onClick={() => void signInAs()}
          >
            {t('list.signInAs')}
          </Button>
        ) : null
      }
    >
      {agency.data ? (
        <Group gap="sm" data-testid="agency-summary">
          <Text fw={600}>{agency.data.companyName}</Text>
          <Text c="dimmed" size="sm">
            {agency.data.email}
          </Text>
          <StatusBadge status={agency.data.status} />
        </Group>
      ) : null}
      {id <= 0 ? (
        <Alert color="red" variant="light" role="alert">
          {t('editor.badId')}
        </Alert>
      ) : failure ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('editor.loadFailed')}
          data-testid="agency-error"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(failure, t('editor.loadFailedBody'))}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                void company.refetch();
                void agency.refetch();
              }}
            >
              {t('editor.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : company.data ? (
        <Editor key={id} agencyId={id} initial={company.data} />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label={t('editor.loading')}>
          <Skeleton height={180} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      )}
    </PageFrame>
  );
};

export default EditAgencyPage;
