// A field whose value (a day YYYY-MM-DD, a time HH:MM) is typed as the reader writes it: what is
// shown is the text, the form holds the value. DateField and TimeField share it.
import { useEffect, useState } from 'react';

export const useWrittenValue = ({
  value,
  onChange,
  format,
  parse,
}: {
  /** The value; '' for none. */
  value: string;
  /** A whole value typed, or null when the field was emptied. */
  onChange: (value: string | null) => void;
  /** Value -> the reader's text (changes with the language). */
  format: (value: string) => string;
  /** The reader's text -> value, or null when it is not one. */
  parse: (text: string) => string | null;
}) => {
  const [text, setText] = useState(() => format(value));
  const [touched, setTouched] = useState(false);

  // A value set from elsewhere (a preset, the URL, another language) is shown as the reader writes
  // it; what the reader is typing stays as typed while it means that value.
  useEffect(() => {
    setText((current) => (parse(current) === (value || null) ? current : format(value)));
  }, [value, format, parse]);

  return {
    text,
    /** Shown, and the value told when the text means a whole one. */
    type: (next: string) => {
      setText(next);
      if (next.trim() === '') onChange(null);
      else {
        const parsed = parse(next);
        if (parsed !== null && parsed !== value) onChange(parsed);
      }
    },
    /** Leaving the field writes what it means the reader's way. */
    blur: () => {
      setTouched(true);
      const parsed = parse(text);
      if (parsed !== null) setText(format(parsed));
    },
    /** A value chosen elsewhere (a picker): shown and told. */
    choose: (chosen: string) => {
      setText(format(chosen));
      onChange(chosen || null);
    },
    invalid: touched && text.trim() !== '' && parse(text) === null,
  };
};
