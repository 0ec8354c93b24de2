// /inventory-list/create (and the agency, admin, co-admin paths): a new inventory list: its
// advertiser (agency, admin, co-admin choose one), name, kind (apps or sites), default use (allow or
// block), and its entries pasted or uploaded as CSV/TXT. The entries go up with a progress bar; the
// server checks every line and stores the list in the background; the result names the rejected lines.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';
import { listNameSchema } from '@console/core/api/inventory-lists';
import { Button, Group, Paper, Radio, Stack, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCreateApplist } from '../api/inventory-lists.ts';
import { type EntrySource, EntrySourceInput } from '../components/entry-source.tsx';
import { useListLinks } from '../components/list-links.ts';
import { UploadProgress, useListUpload } from '../components/list-upload.tsx';

const InventoryCreatePage = () => {
  const { t } = useTranslation('lists');
  const route = useCurrentRoute();
  const role = useSession().auth?.role;
  const links = useListLinks();
  const navigate = useNavigate();
  const fields = useFieldErrors();
  const [advertiserId, setAdvertiserId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'APP' | 'SITE'>('APP');
  const [mode, setMode] = useState<'ALLOW' | 'BLOCK'>('BLOCK');
  const [source, setSource] = useState<EntrySource | null>(null);
  const upload = useListUpload('applists');
  const createEmpty = useCreateApplist();
  const needsAdvertiser = role !== 'ADVERTISER';

  const submit = async () => {
    const errors: Record<string, string> = {};
    const parsedName = listNameSchema.safeParse(name);
    if (!parsedName.success) errors.name = parsedName.error.issues[0]?.message ?? '';
    if (needsAdvertiser && !advertiserId) errors.advertiser_id = t('form.chooseAdvertiser');
    fields.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const common = {
      name: name.trim(),
      kind,
      default_mode: mode,
      ...(needsAdvertiser && advertiserId ? { advertiser_id: advertiserId } : {}),
    };
    if (!source) {
      try {
        const created = await createEmpty.mutateAsync(common);
        const view = links.inventory.view(created.applist_id);
        if (view) void navigate(view);
      } catch (error) {
        fields.takeServerErrors(error);
      }
      return;
    }
    const started = await upload.start({
      fields: { ...common, column: source.column },
      file: source.blob,
      fileName: source.fileName,
    });
    if ('error' in started) fields.takeServerErrors(started.error);
  };

  if (!route) return null;
  const done =
    upload.phase === 'done' && upload.job?.applist_id ? links.inventory.view(upload.job.applist_id) : null;
  const busy = upload.isBusy || createEmpty.isPending;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <Stack gap="md">
          {needsAdvertiser ? (
            <AdvertiserPicker
              label={t('form.advertiser')}
              required
              value={advertiserId}
              onChange={(choice) => setAdvertiserId(choice?.id ?? null)}
              error={fields.errorOf('advertiser_id')}
              disabled={busy || done !== null}
              testId="applist-advertiser"
            />
          ) : null}
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            required
            maxLength={25}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fields.errorOf('name')}
            disabled={busy || done !== null}
            data-testid="applist-name"
          />
          <Radio.Group
            label={t('form.kind')}
            value={kind}
            onChange={(value) => setKind(value as 'APP' | 'SITE')}
          >
            <Group gap="lg" mt={4}>
              <Radio
                value="APP"
                label={t('kind.APP')}
                disabled={busy || done !== null}
                data-testid="applist-kind-app"
              />
              <Radio
                value="SITE"
                label={t('kind.SITE')}
                disabled={busy || done !== null}
                data-testid="applist-kind-site"
              />
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('form.defaultMode')}
            description={t('form.defaultModeHint')}
            value={mode}
            onChange={(value) => setMode(value as 'ALLOW' | 'BLOCK')}
          >
            <Group gap="lg" mt={4}>
              <Radio
                value="BLOCK"
                label={t('mode.BLOCK')}
                disabled={busy || done !== null}
                data-testid="applist-mode-block"
              />
              <Radio
                value="ALLOW"
                label={t('mode.ALLOW')}
                disabled={busy || done !== null}
                data-testid="applist-mode-allow"
              />
            </Group>
          </Radio.Group>
          <EntrySourceInput
            onChange={setSource}
            placeholder={kind === 'APP' ? 'com.example.game\n389801252' : 'example.com\nnews.example.co.uk'}
            disabled={busy || done !== null}
            error={fields.errorOf('entries')}
          />
          <UploadProgress upload={upload} />
          <Group justify="flex-end">
            {done ? (
              <Button
                component={Link}
                to={done}
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                data-testid="applist-open"
              >
                {t('actions.openList')}
              </Button>
            ) : (
              <Button onClick={() => void submit()} loading={busy} data-testid="applist-save">
                {source ? t('actions.createAndUpload') : t('actions.createEmpty')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </PageFrame>
  );
};

export default InventoryCreatePage;
