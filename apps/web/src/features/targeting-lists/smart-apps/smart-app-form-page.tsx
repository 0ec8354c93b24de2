// /admin/smart-apps/create and /admin/smart-apps/edit/{list_id} (and the co-admin paths): a curated
// list of apps placed on the smart-app taxonomy (a category, optionally a genre of it and a subgenre
// of that genre). On create the apps are pasted; on edit they are added and removed.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import {
  useEditSmartApps,
  useSaveSmartAppList,
  useSmartAppList,
  useTaxonomy,
} from '../api/smart-app-lists.ts';
import { useListLinks } from '../components/list-links.ts';

const linesOf = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');

const SmartAppForm = ({ list }: { list: SmartAppListItem | null }) => {
  const { t } = useTranslation('lists');
  const taxonomy = useTaxonomy();
  const links = useListLinks();
  const navigate = useNavigate();
  const fields = useFieldErrors();
  const save = useSaveSmartAppList(list?.list_id ?? null);
  const editApps = useEditSmartApps(list?.list_id ?? 0);
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [category, setCategory] = useState<string | null>(list ? String(list.category.id) : null);
  const [genre, setGenre] = useState<string | null>(list?.genre ? String(list.genre.id) : null);
  const [subgenre, setSubgenre] = useState<string | null>(list?.subgenre ? String(list.subgenre.id) : null);
  const [apps, setApps] = useState('');
  const [remove, setRemove] = useState('');
  const categories = taxonomy.data ?? [];
  const chosenCategory = categories.find((entry) => String(entry.category_id) === category);
  const chosenGenre = chosenCategory?.genres.find((entry) => String(entry.genre_id) === genre);

  const submit = async () => {
    if (!category) {
      fields.setErrors({ category_id: t('smartApp.chooseCategory') });
      return;
    }
    try {
      const body = {
        name: name.trim(),
        description,
        category_id: Number(category),
        genre_id: genre ? Number(genre) : null,
        subgenre_id: subgenre ? Number(subgenre) : null,
      };
      const saved = await save.mutateAsync(list ? body : { ...body, apps: linesOf(apps) });
      if (list && (apps.trim() || remove.trim())) {
        const result = await editApps.mutateAsync({ add: linesOf(apps), remove: linesOf(remove) });
        if (result.rejected > 0) showToast('error', t('smartApp.rejected', { n: result.rejected }));
      }
      showToast('success', t('smartApp.saved'));
      const view = links.smartApp.view(saved.list_id);
      if (view) void navigate(view);
    } catch (error) {
      fields.refused(error, t('edit.failed'), 'unlessFields');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={760}>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          description={t('form.nameHint')}
          required
          maxLength={25}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fields.errorOf('name')}
          data-testid="smart-app-name"
        />
        <Textarea
          label={t('smartApp.description')}
          autosize
          minRows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fields.errorOf('description')}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label={t('smartApp.category')}
            required
            searchable
            data={categories.map((entry) => ({ value: String(entry.category_id), label: entry.category }))}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setGenre(null);
              setSubgenre(null);
            }}
            error={fields.errorOf('category_id')}
            data-testid="smart-app-category"
          />
          <Select
            label={t('smartApp.genre')}
            clearable
            searchable
            disabled={!chosenCategory}
            data={(chosenCategory?.genres ?? []).map((entry) => ({
              value: String(entry.genre_id),
              label: entry.genre,
            }))}
            value={genre}
            onChange={(value) => {
              setGenre(value);
              setSubgenre(null);
            }}
            error={fields.errorOf('genre_id')}
            data-testid="smart-app-genre"
          />
          <Select
            label={t('smartApp.subgenre')}
            clearable
            searchable
            disabled={!chosenGenre}
            data={(chosenGenre?.subgenres ?? []).map((entry) => ({
              value: String(entry.subgenre_id),
              label: entry.subgenre,
            }))}
            value={subgenre}
            onChange={setSubgenre}
            error={fields.errorOf('subgenre_id')}
            data-testid="smart-app-subgenre"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: list ? 2 : 1 }}>
          <Textarea
            label={list ? t('smartApp.addApps') : t('smartApp.apps')}
            description={t('smartApp.appsHint')}
            autosize
            minRows={4}
            maxRows={12}
            spellCheck={false}
            value={apps}
            onChange={(event) => setApps(event.currentTarget.value)}
            error={fields.errorOf('apps')}
            data-testid="smart-app-apps"
          />
          {list ? (
            <Textarea
              label={t('smartApp.removeApps')}
              autosize
              minRows={4}
              maxRows={12}
              spellCheck={false}
              value={remove}
              onChange={(event) => setRemove(event.currentTarget.value)}
              data-testid="smart-app-remove"
            />
          ) : null}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            onClick={() => void submit()}
            loading={save.isPending || editApps.isPending}
            data-testid="smart-app-save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

const SmartAppFormPage = () => {
  const route = useCurrentRoute();
  const params = useParams();
  // The create route has no list id: nothing to read (a read of list 0 would fail and be retried).
  const list = useSmartAppList(params.list_id === undefined ? null : parseId(params.list_id));
  if (!route) return null;
  const isEdit = route.feature === 'smartApp.edit';
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {!isEdit ? (
        <SmartAppForm list={null} />
      ) : list.data ? (
        <SmartAppForm key={list.data.updated_at} list={list.data} />
      ) : (
        <LoadState isError={list.isError} error={list.error} onRetry={() => void list.refetch()} />
      )}
    </PageFrame>
  );
};

export default SmartAppFormPage;
