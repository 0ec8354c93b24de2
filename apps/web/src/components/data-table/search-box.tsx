import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export type SearchBoxProps = {
  /** The search in effect (from the URL). */
  value: string;
  /** Called `delay` ms after the user stops typing, and at once on Enter. */
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
  delay?: number;
  testId?: string;
};

/** A debounced search field; follows `value` when the search changes elsewhere (a reset). */
export const SearchBox = ({ value, onSearch, label, placeholder, delay = 350, testId }: SearchBoxProps) => {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const send = (q: string) => {
    const trimmed = q.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onSearch(trimmed);
  };
  const debounced = useDebouncedCallback(send, delay);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          send(text);
        }
      }}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      w={{ base: '100%', sm: 260 }}
      data-testid={testId}
    />
  );
};
