// Inputs of the bulk forms: an amount in dollars (sent as micro-units), a server-searched multiple
// choice (inventory lists, audiences, exchanges), the add / remove / replace choice, and the status
// a campaign moves to with how many of the selected campaigns can make that move.
import './bulk-styles.ts';
import type { CampaignStatus, TransitionSide } from '@console/core/campaign-status';
import type { Role } from '@console/core/roles';
import {
  Input,
  MultiSelect,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { countMovable, type ListOp, listStatusTargets, type StatusForm } from './bulk-model.ts';

/** A dollar amount typed as text ('12.50'); the model turns it into micro-units with core's parser. */
export const MoneyInput = (props: Omit<TextInputProps, 'leftSection' | 'inputMode'>) => (
  <TextInput
    inputMode="decimal"
    autoComplete="off"
    placeholder="0.00"
    leftSection={<span aria-hidden="true">$</span>}
    {...props}
  />
);

export type ChoiceOption = { value: number; label: string };

export type SearchedMultiSelectProps = {
  label: string;
  description?: string;
  placeholder?: string;
  options: readonly ChoiceOption[];
  value: readonly number[];
  /** The chosen ids, and the names of every option seen so far (for the review). */
  onChange: (ids: number[], names: ReadonlyMap<number, string>) => void;
  /** The debounced search text, for a server search; omit to filter the options here. */
  onSearch?: (q: string) => void;
  isLoading?: boolean;
  loadError?: string | null;
  error?: string | undefined;
  disabled?: boolean;
  testId?: string;
};

/** Several ids chosen by name; the names of chosen ids stay shown when a later search leaves them out. */
export const SearchedMultiSelect = ({
  label,
  description,
  placeholder,
  options,
  value,
  onChange,
  onSearch,
  isLoading,
  loadError,
  error,
  disabled,
  testId,
}: SearchedMultiSelectProps) => {
  const { t } = useTranslation('campaign-bulk');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const names = useRef(new Map<number, string>());
  for (const option of options) names.current.set(option.value, option.label);

  useEffect(() => {
    onSearch?.(q);
  }, [q, onSearch]);

  const data = useMemo(() => {
    const byValue = new Map(options.map((option) => [option.value, option.label]));
    for (const id of value) if (!byValue.has(id)) byValue.set(id, names.current.get(id) ?? `#${id}`);
    return [...byValue].map(([id, name]) => ({ value: String(id), label: name }));
  }, [options, value]);

  let nothingFound = t('choice.noMatch');
  if (isLoading) nothingFound = t('choice.loading');
  else if (loadError) nothingFound = loadError;

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? (placeholder ?? t('choice.placeholder')) : undefined}
      data={data}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number), names.current)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={onSearch ? ({ options: all }) => all : undefined}
      nothingFoundMessage={nothingFound}
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      error={error ?? (loadError && !isLoading ? loadError : undefined)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('choice.clear') }}
      data-testid={testId}
    />
  );
};

/** Add, remove or replace (the list operations of the bulk calls). */
export const ListOpChooser = ({
  value,
  onChange,
  label,
  testId,
}: {
  value: ListOp;
  onChange: (op: ListOp) => void;
  label: string;
  testId: string;
}) => {
  const { t } = useTranslation('campaign-bulk');
  const id = useId();
  return (
    <Input.Wrapper label={label} id={id} labelElement="div" description={t(`ops.${value}Help`)}>
      <div>
        <SegmentedControl
          aria-labelledby={`${id}-label`}
          value={value}
          onChange={(next) => onChange(next as ListOp)}
          data={(['add', 'remove', 'replace'] as const).map((op) => ({ value: op, label: t(`ops.${op}`) }))}
          data-testid={testId}
        />
      </div>
    </Input.Wrapper>
  );
};

export type StatusChooserProps = {
  side: TransitionSide;
  role: Role;
  /** The known statuses of the selected campaigns (undefined: not known here). */
  statuses: readonly (CampaignStatus | undefined)[];
  form: StatusForm;
  onChange: (form: StatusForm) => void;
  errorOf: (field: 'to' | 'reason') => string | undefined;
};

/** The target status as radio cards, each saying how many selected campaigns can make the move. */
export const StatusChooser = ({ side, role, statuses, form, onChange, errorOf }: StatusChooserProps) => {
  const { t } = useTranslation('campaign-bulk');
  const targets = useMemo(() => listStatusTargets(side), [side]);
  const chosen = targets.find((target) => target.to === form.to);

  const describe = (to: CampaignStatus) => {
    const count = countMovable(statuses, to, role);
    const parts = [t('status.movable', { count: count.movable, total: statuses.length })];
    if (count.blocked.length > 0)
      parts.push(
        t('status.blocked', {
          list: count.blocked.map((item) => `${t(`status.${item.status}`)} (${item.count})`).join(', '),
        }),
      );
    if (count.unknown > 0) parts.push(t('status.unknown', { count: count.unknown }));
    return parts.join(' · ');
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('status.target')}
        value={form.to ?? ''}
        onChange={(to) => onChange({ ...form, to: (to || null) as CampaignStatus | null })}
        error={errorOf('to')}
        data-testid="bulk-status-target"
      >
        <Stack gap="xs" mt="xs">
          {targets.map((target) => (
            <Radio
              key={target.to}
              value={target.to}
              label={t('status.targetLabel', {
                actions: target.actions.map((action) => t(`actions.${action}`)).join(' / '),
                status: t(`status.${target.to}`),
              })}
              description={statuses.length > 0 ? describe(target.to) : undefined}
              color={target.danger ? 'red' : undefined}
              data-testid={`bulk-status-to-${target.to}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {chosen?.needsReason ? (
        <Textarea
          label={t('status.reason')}
          description={t('status.reasonHelp')}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
          value={form.reason}
          onChange={(event) => onChange({ ...form, reason: event.currentTarget.value })}
          error={errorOf('reason')}
          data-testid="bulk-status-reason"
        />
      ) : null}
      {chosen ? (
        <Text size="sm" c="dimmed">
          {t(`status.help.${chosen.to}`)}
        </Text>
      ) : null}
    </Stack>
  );
};
