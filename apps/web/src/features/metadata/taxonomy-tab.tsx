// The smart-app taxonomy tab (spec section 3): categories, their genres and the genres'
// subgenres as a tree that opens level by level and can be searched; a node is added, renamed,
// deleted (after a confirmation; the server refuses while it has children or is in use) and has
// its own change log.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Paper.css';
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconEdit,
  IconHistory,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { type RowAction, RowActionsMenu } from '../../components/data-table/row-actions.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useEditTaxonomy } from './api/edit-taxonomy.ts';
import { useTaxonomy } from './api/get-taxonomy.ts';
import { ChangeLogDrawer, type ChangeLogSubject } from './change-log-drawer.tsx';
import { useMetadataMessage } from './message-text.ts';
import {
  childLevelOf,
  countTaxonomy,
  filterTaxonomy,
  parentIds,
  type TaxonomyNode,
  toTaxonomyTree,
} from './metadata-model.ts';
import { NodeNameModal, type NodeNameRequest } from './node-name-modal.tsx';

const NODE_LOG_ACTIONS = ['create', 'update', 'delete'] as const;
const LEVEL_COLORS = { category: 'blue.1', genre: 'grape.1', subgenre: 'gray.1' } as const;
const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

type NodeHandlers = {
  isOpen: (id: number) => boolean;
  toggle: (id: number) => void;
  actionsOf: (node: TaxonomyNode) => RowAction[];
};

const NodeItem = ({
  node,
  depth,
  handlers,
}: {
  node: TaxonomyNode;
  depth: number;
  handlers: NodeHandlers;
}) => {
  const { t } = useTranslation('metadata');
  const hasChildren = node.children.length > 0;
  const isOpen = hasChildren && handlers.isOpen(node.id);
  const childLevel = childLevelOf(node.level);
  const groupId = `taxonomy-children-${node.id}`;
  return (
    <li data-testid={`taxonomy-node-${node.id}`} data-level={node.level}>
      <Group
        gap="xs"
        wrap="nowrap"
        py={4}
        pl={depth * 28}
        pr="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => handlers.toggle(node.id)}
            aria-expanded={isOpen}
            aria-controls={isOpen ? groupId : undefined}
            aria-label={t(isOpen ? 'taxonomy.collapse' : 'taxonomy.expand', { name: node.name })}
            data-testid={`taxonomy-toggle-${node.id}`}
          >
            {isOpen ? (
              <IconChevronDown size={16} aria-hidden="true" />
            ) : (
              <IconChevronRight size={16} aria-hidden="true" />
            )}
          </ActionIcon>
        ) : (
          <Box w={28} aria-hidden="true" />
        )}
        <Text size="sm" fw={node.level === 'category' ? 600 : 400} data-testid={`taxonomy-name-${node.id}`}>
          {node.name}
        </Text>
        <Badge variant="filled" color={LEVEL_COLORS[node.level]} autoContrast size="xs" radius="sm">
          {t(`taxonomy.levels.${node.level}`)}
        </Badge>
        {childLevel && hasChildren ? (
          <Text size="xs" c="dimmed">
            {t(`taxonomy.childCount.${childLevel}`, { count: node.children.length })}
          </Text>
        ) : null}
        <Box style={{ flex: 1 }} />
        <RowActionsMenu
          actions={handlers.actionsOf(node)}
          label={t('taxonomy.actionsFor', { name: node.name })}
          testId={`taxonomy-actions-${node.id}`}
        />
      </Group>
      {isOpen ? (
        <ul style={listStyle} id={groupId}>
          {node.children.map((child) => (
            <NodeItem key={child.id} node={child} depth={depth + 1} handlers={handlers} />
          ))}
        </ul>
      ) : null}
    </li>
  );
};

export const TaxonomyTab = () => {
  const { t } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const query = useTaxonomy();
  const edit = useEditTaxonomy();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [naming, setNaming] = useState<NodeNameRequest | null>(null);
  const [deleting, setDeleting] = useState<TaxonomyNode | null>(null);
  const [log, setLog] = useState<ChangeLogSubject | null>(null);

  const tree = useMemo(() => toTaxonomyTree(query.data ?? []), [query.data]);
  const counts = useMemo(() => countTaxonomy(tree), [tree]);
  const filtered = useMemo(() => filterTaxonomy(tree, search), [tree, search]);
  const isSearching = search.trim() !== '';

  // A search opens the ancestors of its matches; the user may close them again.
  useEffect(() => {
    if (search.trim()) setOpen(new Set(filtered.openIds));
  }, [search, filtered]);

  const handlers: NodeHandlers = {
    isOpen: (id) => open.has(id),
    toggle: (id) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    actionsOf: (node) => {
      const childLevel = childLevelOf(node.level);
      const actions: RowAction[] = [];
      if (childLevel) {
        actions.push({
          key: 'add-child',
          label: t(`taxonomy.addChild.${childLevel}`),
          icon: <IconPlus size={16} aria-hidden="true" />,
          onClick: () => setNaming({ kind: 'add', level: childLevel, parent: node }),
        });
      }
      actions.push(
        {
          key: 'rename',
          label: t('taxonomy.rename'),
          icon: <IconEdit size={16} aria-hidden="true" />,
          onClick: () => setNaming({ kind: 'rename', node }),
        },
        {
          key: 'change-log',
          label: t('changeLog'),
          icon: <IconHistory size={16} aria-hidden="true" />,
          onClick: () =>
            setLog({
              title: t(`taxonomy.logTitle.${node.level}`, { name: node.name }),
              path: `/api/admin/metadata/smart-app-categories/${node.id}/change-log`,
              actions: NODE_LOG_ACTIONS,
            }),
        },
        {
          key: 'delete',
          label: node.children.length > 0 ? t(`taxonomy.deleteBlocked.${node.level}`) : t('taxonomy.delete'),
          icon: <IconTrash size={16} aria-hidden="true" />,
          color: 'red',
          dividerBefore: true,
          disabled: node.children.length > 0,
          onClick: () => setDeleting(node),
        },
      );
      return actions;
    },
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await edit.mutateAsync({ kind: 'delete', id: deleting.id });
      showToast('success', t(`taxonomy.deleted.${deleting.level}`, { name: deleting.name }));
    } catch (error) {
      showToast('error', messageOf(failureMessage(error, t('taxonomy.deleteFailed'))) ?? '');
      throw error;
    }
  };

  if (query.isPending || query.isError) {
    return (
      <LoadState
        isError={query.isError}
        error={query.error}
        onRetry={() => void query.refetch()}
        testId="taxonomy"
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" gap="sm" role="search" aria-label={t('taxonomy.searchLabel')}>
          <TextInput
            label={t('taxonomy.search')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
            data-testid="taxonomy-search"
          />
          <Button
            variant="default"
            onClick={() => setOpen(new Set(parentIds(tree)))}
            data-testid="taxonomy-expand-all"
          >
            {t('taxonomy.expandAll')}
          </Button>
          <Button variant="default" onClick={() => setOpen(new Set())} data-testid="taxonomy-collapse-all">
            {t('taxonomy.collapseAll')}
          </Button>
        </Group>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setNaming({ kind: 'add', level: 'category', parent: null })}
          data-testid="taxonomy-add-category"
        >
          {t('taxonomy.addCategory')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="taxonomy-counts">
        {t('taxonomy.counts', counts)}
      </Text>
      <Paper withBorder radius="md" p={0}>
        {filtered.nodes.length === 0 ? (
          <Text p="lg" c="dimmed" ta="center" data-testid="taxonomy-empty">
            {isSearching ? t('taxonomy.noMatch') : t('taxonomy.empty')}
          </Text>
        ) : (
          <ul style={listStyle} aria-label={t('taxonomy.treeLabel')} data-testid="taxonomy-tree">
            {filtered.nodes.map((node) => (
              <NodeItem key={node.id} node={node} depth={0} handlers={handlers} />
            ))}
          </ul>
        )}
      </Paper>
      <NodeNameModal
        request={naming}
        onClose={() => setNaming(null)}
        onSaved={(parentId) => {
          if (parentId !== null) setOpen((current) => new Set(current).add(parentId));
        }}
      />
      <ConfirmAction
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        title={t(`taxonomy.deleteTitle.${deleting?.level ?? 'category'}`, { name: deleting?.name ?? '' })}
        message={t('taxonomy.deleteBody')}
        confirmLabel={t('taxonomy.delete')}
        testId="taxonomy-delete-confirm"
      />
      <ChangeLogDrawer subject={log} onClose={() => setLog(null)} closeLabel={t('close')} />
    </Stack>
  );
};
