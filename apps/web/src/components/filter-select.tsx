// Mantine's Select and MultiSelect for the filters a page draws at once (list and dashboard
// filters): their Combobox, Popover and floating-ui (about 25 kB gzip) load on first use instead of
// with the page. Until then a stand-in draws the same input (InputBase or PillsInput with the same
// label, value, pills, placeholder, chevron and clear button, so nothing moves): the code is fetched
// on the first hover, focus or key, and the real component takes its place as soon as it is there,
// with the focus, the text typed meanwhile and an open dropdown if it was clicked (or opened with
// the keyboard) before. The stand-in's clear button and pills' remove buttons work as the real ones.
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import {
  ComboboxChevron,
  ComboboxClearButton,
  type ComboboxData,
  InputBase,
  type MultiSelectProps,
  Pill,
  PillsInput,
  type SelectProps,
} from '@mantine/core';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';

type Loaded = Pick<typeof import('./filter-select-loaded.tsx'), 'MultiSelect' | 'Select'>;
let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
const load = (): Promise<Loaded> => {
  loading ??= import('./filter-select-loaded.tsx').then(({ MultiSelect, Select }) => {
    loaded = { MultiSelect, Select };
    return loaded;
  });
  return loading;
};

/** value -> label of the options (groups flattened; a string option is its own label). */
const labelsOf = (data: ComboboxData | undefined): Map<string, string> => {
  const out = new Map<string, string>();
  const add = (item: unknown) => {
    if (typeof item === 'string') out.set(item, item);
    else if (item && typeof item === 'object') {
      if ('items' in item && Array.isArray(item.items)) item.items.forEach(add);
      else if ('value' in item) {
        const { value, label } = item as { value: string; label?: string };
        out.set(String(value), label ?? String(value));
      }
    }
  };
  (Array.isArray(data) ? data : []).forEach(add);
  return out;
};

/** The props of Select and MultiSelect that are not their input's (its attributes, label, sizes...). */
const COMBOBOX_ONLY = [
  'data',
  'value',
  'defaultValue',
  'onChange',
  'searchable',
  'clearable',
  'clearSectionMode',
  'clearButtonProps',
  'comboboxProps',
  'nothingFoundMessage',
  'allowDeselect',
  'searchValue',
  'defaultSearchValue',
  'onSearchChange',
  'filter',
  'limit',
  'dropdownOpened',
  'defaultDropdownOpened',
  'onDropdownOpen',
  'onDropdownClose',
  'selectFirstOptionOnChange',
  'selectFirstOptionOnDropdownOpen',
  'onOptionSubmit',
  'withScrollArea',
  'maxDropdownHeight',
  'floatingHeight',
  'checkIconPosition',
  'withCheckIcon',
  'withAlignedLabels',
  'hiddenInputProps',
  'renderOption',
  'onClear',
  'scrollAreaProps',
  'chevronColor',
  'autoSelectOnBlur',
  'openOnFocus',
  'maxValues',
  'hidePickedOptions',
  'onRemove',
  'onMaxValues',
  'clearSearchOnChange',
  'hiddenInputValuesDivider',
  'renderPill',
  'withPillsReorder',
  'name',
  'form',
] as const;

const inputPropsOf = <P extends object>(props: P): Omit<P, (typeof COMBOBOX_ONLY)[number]> => {
  const out = { ...props } as Record<string, unknown>;
  for (const key of COMBOBOX_ONLY) delete out[key];
  return out as Omit<P, (typeof COMBOBOX_ONLY)[number]>;
};

/** Keys that open a closed combobox. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * The stand-in's state until the real component is loaded: `isReady` once it is; `intent` what the
 * user did meanwhile (focus, a click or key that opens, text typed), handed to the real component.
 */
const useOnDemand = (onDropdownOpen?: () => void) => {
  const [isReady, setIsReady] = useState(() => loaded !== undefined);
  /** Text typed into the stand-in (null: none), shown by it and replayed into the real input. */
  const [typed, setTyped] = useState<string | null>(null);
  const intent = useRef({ hadFocus: false, open: false });
  const standIn = useRef<HTMLInputElement | null>(null);
  const real = useRef<HTMLInputElement | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  // After the real component's own effects (a child's run first), which reset its search on mount.
  const replay = useRef(typed);
  replay.current = typed;
  const onOpen = useRef(onDropdownOpen);
  onOpen.current = onDropdownOpen;
  useEffect(() => {
    if (!isReady) return;
    // Mounted open (defaultDropdownOpened), the component does not call onDropdownOpen itself.
    if (intent.current.open) onOpen.current?.();
    const input = real.current;
    const text = replay.current;
    if (!input || text === null) return;
    replay.current = null;
    // Played as typing (the input has the focus): the component searches and opens as it would.
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [isReady]);
  const swap = () => {
    intent.current.hadFocus = standIn.current !== null && standIn.current === document.activeElement;
    setIsReady(true);
  };
  const want = () => {
    if (loaded) return swap();
    void load()
      .then(() => {
        if (isMounted.current) swap();
      })
      .catch(() => undefined);
  };
  const open = () => {
    intent.current.open = true;
    want();
  };
  const handlers = {
    onPointerEnter: want,
    onClick: open,
    /** The stand-in's input: a combobox, closed; typing, focus or an opening key loads the real one. */
    input: (onSearchChange?: (search: string) => void) => ({
      ref: standIn,
      onFocus: want,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        onSearchChange?.(event.currentTarget.value);
        setTyped(event.currentTarget.value);
        open();
      },
      autoComplete: 'off',
      role: 'combobox',
      'aria-haspopup': 'listbox' as const,
      'aria-expanded': false,
    }),
  };
  /** The real component's input: it takes the focus at once if the stand-in had it. */
  const settle = (input: HTMLInputElement | null) => {
    real.current = input;
    if (!input || !intent.current.hadFocus) return;
    intent.current.hadFocus = false;
    input.focus();
  };
  return { isReady, isOpen: intent.current.open, typed, handlers, settle };
};

/** Mantine's Select, loaded on first use (see the file's head). */
export const Select = (props: SelectProps) => {
  const { isReady, isOpen, typed, handlers, settle } = useOnDemand(props.onDropdownOpen);
  if (isReady && loaded)
    return <loaded.Select {...props} defaultDropdownOpened={isOpen || undefined} ref={settle} />;
  const {
    data,
    value,
    defaultValue,
    onChange,
    searchable,
    clearable,
    clearButtonProps,
    searchValue,
    onSearchChange,
  } = props;
  const { readOnly, disabled, size, error, ...others } = inputPropsOf(props);
  const selected = value ?? defaultValue ?? null;
  const label = selected === null ? '' : (labelsOf(data).get(String(selected)) ?? '');
  const shown = searchable ? (searchValue ?? typed ?? label) : label;
  const isClearable = Boolean(clearable && selected !== null && !disabled && !readOnly);
  return (
    <InputBase
      {...others}
      size={size}
      error={error}
      disabled={disabled}
      readOnly={readOnly || !searchable}
      pointer={!searchable}
      value={shown}
      {...handlers.input(onSearchChange)}
      onPointerEnter={handlers.onPointerEnter}
      onClick={handlers.onClick}
      rightSectionPointerEvents="none"
      {...standInSections({
        chevron: <ComboboxChevron size={size} error={error} />,
        clear: <ComboboxClearButton {...clearButtonProps} onClear={() => onChange?.(null, null as never)} />,
        isClearable,
        selector: 'Select',
      })}
    />
  );
};

/** The chevron and clear button, as Select and MultiSelect hand them to their input (internal props). */
const standInSections = ({
  chevron,
  clear,
  isClearable,
  selector,
}: {
  chevron: ReactNode;
  clear: ReactNode;
  isClearable: boolean;
  selector: 'Select' | 'MultiSelect';
}) =>
  ({
    __staticSelector: selector,
    __defaultRightSection: chevron,
    __clearSection: clear,
    __clearable: isClearable,
  }) as object;

/** Room MultiSelect keeps for its clear button beside the pills, by size (its own figures). */
const CLEAR_SECTION_OFFSET: Record<string, number> = { xs: 41, sm: 50, md: 60, lg: 72, xl: 89 };

/** Mantine's MultiSelect, loaded on first use (see the file's head). */
export const MultiSelect = (props: MultiSelectProps) => {
  const { isReady, isOpen, typed, handlers, settle } = useOnDemand(props.onDropdownOpen);
  if (isReady && loaded)
    return <loaded.MultiSelect {...props} defaultDropdownOpened={isOpen || undefined} ref={settle} />;
  const {
    data,
    value,
    defaultValue,
    onChange,
    searchable,
    clearable,
    clearButtonProps,
    searchValue,
    onSearchChange,
  } = props;
  const {
    placeholder,
    readOnly,
    disabled,
    size,
    error,
    label,
    description,
    required,
    w,
    'data-testid': testId,
    ...others
  } = inputPropsOf(props) as typeof props & { 'data-testid'?: string };
  const selected = value ?? defaultValue ?? [];
  const labels = labelsOf(data);
  const isClearable = Boolean(clearable && selected.length > 0 && !disabled && !readOnly);
  return (
    <PillsInput
      label={label}
      description={description}
      required={required}
      w={w}
      size={size}
      error={error}
      disabled={disabled}
      pointer={!searchable}
      onClick={handlers.onClick}
      onPointerEnter={handlers.onPointerEnter}
      rightSectionPointerEvents="none"
      {...standInSections({
        chevron: <ComboboxChevron size={size} error={error} />,
        clear: <ComboboxClearButton {...clearButtonProps} onClear={() => onChange?.([])} />,
        isClearable,
        selector: 'MultiSelect',
      })}
    >
      <Pill.Group
        disabled={disabled}
        style={
          isClearable ? { paddingInlineEnd: CLEAR_SECTION_OFFSET[String(size ?? 'sm')] ?? 50 } : undefined
        }
      >
        {selected.map((item) => (
          <Pill
            key={item}
            withRemoveButton={!readOnly}
            disabled={disabled}
            onRemove={() => onChange?.(selected.filter((other) => other !== item))}
          >
            {labels.get(item) ?? item}
          </Pill>
        ))}
        <PillsInput.Field
          {...(others as object)}
          {...handlers.input(onSearchChange)}
          data-testid={testId}
          placeholder={placeholder}
          type={!searchable && !placeholder ? 'hidden' : 'visible'}
          readOnly={readOnly || !searchable}
          value={searchValue ?? typed ?? ''}
        />
      </Pill.Group>
    </PillsInput>
  );
};
