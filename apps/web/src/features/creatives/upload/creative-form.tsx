// The creative form of every type (create on the list page, edit from the list or the view): the
// type (create only), name and advertiser, the type's own fields (spec section 3: which URLs each
// type takes), with a live preview beside it. Checked in the browser with core's request schemas,
// then by the server, whose per-field 400 messages land on the same fields.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import {
  CREATIVE_TYPES,
  type CreativeCreateBody,
  type CreativeDetail,
  type CreativeType,
  type CreativeUpdateBody,
  HTML_TAG_MAX,
  NATIVE_LIMITS,
} from '@console/core/api/creatives';
import { insecureResourcesOf } from '@console/core/validation/insecure-markup';
import {
  Alert,
  Button,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { ExchangeChecklist } from '../../../components/exchange-checklist.tsx';
import { IabCategorySelect } from '../../../components/iab-category-select.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import type { FieldErrors } from '../../../lib/forms/schema-errors.ts';
import { ApiError } from '../../../lib/http/api-client.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSupportedExchanges } from '../../../lib/reference/supported-exchanges.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCreateCreative } from '../api/create-creative.ts';
import { useUpdateCreative } from '../api/update-creative.ts';
import { InsecureMarkupNotice } from '../components/insecure-markup-notice.tsx';
import {
  type CreativeFormValues,
  checkCreativeForm,
  type MediaValue,
  needsAdvertiser,
  type VideoSource,
} from './creative-form-model.ts';
import { CreativePreviewPane } from './creative-preview-pane.tsx';
import { MediaField } from './media-field.tsx';
import { UrlListField } from './url-list-field.tsx';
import { useCreativeMessage } from './use-creative-message.ts';

export type CreativeFormProps = {
  initial: CreativeFormValues;
  /**
   * Edit: the creative's id, its advertiser's name (the type and advertiser are fixed) and the names
   * of its exchanges (one no longer offered stays listed by name).
   */
  edit?: { id: number; advertiserName: string; exchangeNames?: Readonly<Record<number, string>> };
  onSaved: (creative: CreativeDetail) => void;
  onCancel: () => void;
  onDirtyChange?: (isDirty: boolean) => void;
};

/** The fields each type shows; a server message for another field goes to the form's alert. */
const FIELDS_OF: Record<CreativeType, readonly string[]> = {
  image: ['media_url', 'click_url', 'pixel_url'],
  native: [
    'click_url',
    'impression_url',
    'native.title',
    'native.sponsored_by',
    'native.description',
    'native.cta',
    'native.icon_url',
    'native.main_image_url',
  ],
  video: ['click_url', 'impression_url', 'media_url', 'vast_url'],
  html: ['html_tag'],
};

const isShownField = (field: string, type: CreativeType, isCreate: boolean) => {
  const base = field.replace(/\.\d+$/, '');
  if (base === 'name' || base === 'exchange_ids' || (isCreate && base === 'advertiser_id')) return true;
  if (base === 'adomain' || base === 'iab_categories') return true;
  return FIELDS_OF[type].includes(base) || FIELDS_OF[type].includes(field);
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} fz="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
};

export const CreativeForm = ({ initial, edit, onSaved, onCancel, onDirtyChange }: CreativeFormProps) => {
  const { t } = useTranslation('creatives');
  const messageOf = useCreativeMessage();
  const role = useSession().auth?.role ?? 'ADVERTISER';
  const [values, setValues] = useState<CreativeFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checkCount, setCheckCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCreative();
  const update = useUpdateCreative();
  const isCreate = !edit;
  const isSaving = create.isPending || update.isPending;
  // Whose exchanges may be chosen: the advertiser's own (the signed-in one's when it is an advertiser).
  const exchangeOwner = role === 'ADVERTISER' ? null : values.advertiserId;
  const hasExchangeOwner = role === 'ADVERTISER' || values.advertiserId !== null;
  const supported = useSupportedExchanges(exchangeOwner, hasExchangeOwner);
  // Until chosen here, a new creative goes to every supported exchange: shown checked.
  const shownExchangeIds =
    values.exchangeIds ?? supported.data?.exchanges.map((exchange) => exchange.id) ?? [];

  const isDirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  // After a failed check, the first field with a message gets the focus (or its alert is shown).
  useEffect(() => {
    if (checkCount === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[role="alert"]');
    if (target?.matches('input, textarea, select')) target.focus();
    else target?.scrollIntoView({ block: 'center' });
  }, [checkCount]);

  const clearErrors = (fields: readonly string[]) => {
    if (fields.length > 0)
      setErrors((current) => {
        const next = { ...current };
        for (const field of fields) delete next[field];
        return next;
      });
  };
  // Updates go through the current state: two uploads may finish while one render is stale.
  const change = (patch: Partial<CreativeFormValues>, ...fields: string[]) => {
    setValues((current) => ({ ...current, ...patch }));
    clearErrors(fields);
  };
  const changeNative = (patch: Partial<CreativeFormValues['native']>, field: string) => {
    setValues((current) => ({ ...current, native: { ...current.native, ...patch } }));
    clearErrors([`native.${field}`]);
  };
  const errorOf = (field: string) => (errors[field] ? messageOf(errors[field]!) : undefined);
  const rowErrorOf = (field: string) => (index: number) =>
    errorOf(`${field}.${index}`) ?? (index === 0 ? errorOf(field) : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkCreativeForm(values, isCreate ? { kind: 'create', role } : { kind: 'edit' });
    if (!checked.ok) {
      setErrors(checked.errors);
      setCheckCount((count) => count + 1);
      showToast('error', t('form.checkFields'));
      return;
    }
    setErrors({});
    try {
      const creative = edit
        ? await update.mutateAsync({ id: edit.id, body: checked.body as CreativeUpdateBody })
        : await create.mutateAsync(checked.body as CreativeCreateBody);
      showToast('success', t(edit ? 'form.updated' : 'form.created', { name: creative.name }));
      onSaved(creative);
    } catch (error) {
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        setCheckCount((count) => count + 1);
        showToast('error', t('form.checkFields'));
      } else {
        showToast('error', messageOf(failureMessage(error, t('form.saveFailed'))));
      }
    }
  };

  const otherErrors = Object.entries(errors).filter(([field]) => !isShownField(field, values.type, isCreate));

  const clickUrlField = (
    <TextInput
      label={t('fields.clickUrl')}
      description={t('fields.clickUrlHint')}
      required
      value={values.clickUrl}
      onChange={(event) => change({ clickUrl: event.currentTarget.value }, 'click_url')}
      error={errorOf('click_url')}
      placeholder="https://shop.example.com/landing"
      inputMode="url"
      autoComplete="off"
      data-testid="creative-click-url"
    />
  );
  const media = (kind: 'image' | 'video', label: string) => (
    <MediaField
      kind={kind}
      label={label}
      required
      value={values.media}
      onChange={(next: MediaValue | null) => change({ media: next }, 'media_url')}
      error={errors.media_url}
      removable={isCreate}
      testId={`creative-${kind}-file`}
    />
  );
  const counter = (text: string, max: number) => t('fields.counter', { count: [...text].length, max });

  const insecureUrls = values.type === 'html' ? insecureResourcesOf(values.htmlTag) : [];

  const renderTypeFields = () => {
    switch (values.type) {
      case 'image':
        return (
          <>
            <Section title={t('form.sectionImage')}>{media('image', t('fields.banner'))}</Section>
            <Section title={t('form.sectionUrls')}>
              {clickUrlField}
              <UrlListField
                label={t('fields.pixelUrls')}
                description={t('fields.pixelUrlsHint')}
                rows={values.pixelUrls}
                onChange={(rows) =>
                  change(
                    { pixelUrls: rows },
                    ...values.pixelUrls.map((_, i) => `pixel_url.${i}`),
                    'pixel_url',
                  )
                }
                errorOf={rowErrorOf('pixel_url')}
                testId="creative-pixel-url"
              />
            </Section>
          </>
        );
      case 'native':
        return (
          <>
            <Section title={t('form.sectionNative')}>
              <TextInput
                label={t('fields.title')}
                description={counter(values.native.title, NATIVE_LIMITS.title)}
                required
                value={values.native.title}
                onChange={(event) => changeNative({ title: event.currentTarget.value }, 'title')}
                error={errorOf('native.title')}
                data-testid="creative-native-title"
              />
              <TextInput
                label={t('fields.sponsoredBy')}
                description={counter(values.native.sponsoredBy, NATIVE_LIMITS.sponsored_by)}
                required
                value={values.native.sponsoredBy}
                onChange={(event) => changeNative({ sponsoredBy: event.currentTarget.value }, 'sponsored_by')}
                error={errorOf('native.sponsored_by')}
                data-testid="creative-native-sponsored"
              />
              <Textarea
                label={t('fields.description')}
                description={counter(values.native.description, NATIVE_LIMITS.description)}
                autosize
                minRows={2}
                value={values.native.description}
                onChange={(event) => changeNative({ description: event.currentTarget.value }, 'description')}
                error={errorOf('native.description')}
                data-testid="creative-native-description"
              />
              <TextInput
                label={t('fields.cta')}
                description={counter(values.native.cta, NATIVE_LIMITS.cta)}
                value={values.native.cta}
                onChange={(event) => changeNative({ cta: event.currentTarget.value }, 'cta')}
                error={errorOf('native.cta')}
                data-testid="creative-native-cta"
              />
              <MediaField
                kind="icon"
                label={t('fields.icon')}
                value={values.native.icon}
                onChange={(icon) => changeNative({ icon }, 'icon_url')}
                error={errors['native.icon_url']}
                testId="creative-native-icon"
              />
              <MediaField
                kind="main"
                label={t('fields.mainImage')}
                required
                value={values.native.main}
                onChange={(main) => changeNative({ main }, 'main_image_url')}
                error={errors['native.main_image_url']}
                removable={isCreate}
                testId="creative-native-main"
              />
            </Section>
            <Section title={t('form.sectionUrls')}>
              {clickUrlField}
              <TextInput
                label={t('fields.impressionUrl')}
                description={t('fields.impressionUrlHint')}
                value={values.impressionUrl}
                onChange={(event) => change({ impressionUrl: event.currentTarget.value }, 'impression_url')}
                error={errorOf('impression_url')}
                inputMode="url"
                autoComplete="off"
                data-testid="creative-impression-url"
              />
            </Section>
          </>
        );
      case 'video':
        return (
          <>
            <Section title={t('form.sectionVideo')}>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="creative-video-source">
                  {t('fields.videoSource')}
                </Text>
                <SegmentedControl
                  aria-labelledby="creative-video-source"
                  value={values.videoSource}
                  onChange={(source) =>
                    change({ videoSource: source as VideoSource }, 'media_url', 'vast_url')
                  }
                  data={[
                    { value: 'file', label: t('fields.videoFile') },
                    { value: 'vast', label: t('fields.vastUrl') },
                  ]}
                  data-testid="creative-video-source"
                  style={{ alignSelf: 'flex-start' }}
                />
              </Stack>
              {values.videoSource === 'file' ? (
                media('video', t('fields.videoFile'))
              ) : (
                <TextInput
                  label={t('fields.vastUrl')}
                  description={t('fields.vastUrlHint')}
                  required
                  value={values.vastUrl}
                  onChange={(event) =>
                    change({ vastUrl: event.currentTarget.value }, 'vast_url', 'media_url')
                  }
                  error={errorOf('vast_url')}
                  inputMode="url"
                  autoComplete="off"
                  data-testid="creative-vast-url"
                />
              )}
            </Section>
            <Section title={t('form.sectionUrls')}>
              {clickUrlField}
              <UrlListField
                label={t('fields.impressionUrls')}
                description={t('fields.impressionUrlsHint')}
                rows={values.impressionUrls}
                onChange={(rows) =>
                  change(
                    { impressionUrls: rows },
                    ...values.impressionUrls.map((_, i) => `impression_url.${i}`),
                    'impression_url',
                  )
                }
                errorOf={rowErrorOf('impression_url')}
                testId="creative-impression-url"
              />
            </Section>
          </>
        );
      case 'html':
        return (
          <Section title={t('form.sectionHtml')}>
            <Textarea
              label={t('fields.htmlTag')}
              description={t('fields.htmlTagHint', { max: HTML_TAG_MAX.toLocaleString() })}
              required
              autosize
              minRows={8}
              maxRows={20}
              value={values.htmlTag}
              onChange={(event) => change({ htmlTag: event.currentTarget.value }, 'html_tag')}
              error={errorOf('html_tag')}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              data-testid="creative-html-tag"
            />
            <Text size="xs" c="dimmed">
              {t('fields.htmlNoUrls')}
            </Text>
            {insecureUrls.length > 0 ? (
              <InsecureMarkupNotice urls={insecureUrls} testId="creative-insecure-markup" />
            ) : null}
          </Section>
        );
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={edit ? t('form.editLabel') : t('form.createLabel')}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {otherErrors.length > 0 ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t('form.otherErrors')}
                data-testid="creative-form-errors"
              >
                <Stack gap={2}>
                  {otherErrors.map(([field, message]) => (
                    <Text key={field} size="sm">
                      {messageOf(message ?? '')}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {isCreate ? (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="creative-type-label">
                  {t('fields.type')}
                </Text>
                <SegmentedControl
                  aria-labelledby="creative-type-label"
                  value={values.type}
                  onChange={(type) => {
                    setValues((current) => ({ ...current, type: type as CreativeType }));
                    setErrors({});
                  }}
                  data={CREATIVE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                  fullWidth
                  data-testid="creative-type"
                />
                <Text size="xs" c="dimmed" data-testid="creative-type-hint">
                  {t(`typeHints.${values.type}`)}
                </Text>
              </Stack>
            ) : null}
            <Section title={t('form.sectionBasics')}>
              <TextInput
                label={t('fields.name')}
                required
                value={values.name}
                onChange={(event) => change({ name: event.currentTarget.value }, 'name')}
                error={errorOf('name')}
                autoComplete="off"
                data-autofocus
                data-testid="creative-name"
              />
              {isCreate && needsAdvertiser(role) ? (
                <AdvertiserPicker
                  label={t('fields.advertiser')}
                  required
                  clearable={false}
                  value={values.advertiserId}
                  onChange={(choice) =>
                    // Another advertiser has other exchanges: back to its supported ones.
                    change(
                      { advertiserId: choice?.id ?? null, exchangeIds: null },
                      'advertiser_id',
                      'exchange_ids',
                    )
                  }
                  error={errorOf('advertiser_id')}
                  testId="creative-advertiser"
                />
              ) : null}
              {edit ? (
                <Group gap="xl">
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      {t('fields.type')}
                    </Text>
                    <Text size="sm" fw={500}>
                      {t(`types.${values.type}`)}
                    </Text>
                  </Stack>
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      {t('fields.advertiser')}
                    </Text>
                    <Text size="sm" fw={500}>
                      {edit.advertiserName}
                    </Text>
                  </Stack>
                </Group>
              ) : null}
            </Section>
            {renderTypeFields()}
            <Section title={t('form.sectionIdentity')}>
              <TextInput
                label={t('fields.adomain')}
                description={t('fields.adomainHint')}
                value={values.adomain}
                onChange={(event) => change({ adomain: event.currentTarget.value }, 'adomain')}
                error={errorOf('adomain')}
                placeholder="example.com"
                autoComplete="off"
                data-testid="creative-adomain"
              />
              <IabCategorySelect
                label={t('fields.iabCategories')}
                description={t('fields.iabCategoriesHint')}
                value={values.iabCategories}
                onChange={(ids) => change({ iabCategories: ids }, 'iab_categories')}
                error={errorOf('iab_categories') ?? errorOf('iab_categories.0')}
                nothingFound={t('fields.noCategoryMatch')}
                testId="creative-iab-categories"
              />
            </Section>
            <Section title={t('form.sectionApproval')}>
              <ExchangeChecklist
                advertiserId={exchangeOwner}
                enabled={hasExchangeOwner}
                label={t('fields.exchanges')}
                description={t('fields.exchangesHint')}
                value={shownExchangeIds}
                onChange={(ids) => change({ exchangeIds: ids }, 'exchange_ids')}
                error={errorOf('exchange_ids')}
                knownNames={edit?.exchangeNames}
                testId="creative-exchange"
              />
            </Section>
            {edit ? (
              <Alert color="blue" variant="light" data-testid="creative-reapproval-note">
                {t('form.reapprovalNote')}
              </Alert>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CreativePreviewPane values={values} />
        </Grid.Col>
      </Grid>
      <Group
        justify="flex-end"
        gap="sm"
        mt="lg"
        pt="md"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={isSaving} data-testid="creative-submit">
          {edit ? t('actions.saveChanges') : t('actions.create')}
        </Button>
      </Group>
    </form>
  );
};
