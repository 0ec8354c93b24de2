// Where the entries of an upload come from: pasted text or a CSV/TXT file. For a file whose first line
// looks like a CSV header, the column to read is picked from it (read from the first 64 KB in the
// browser; the server reads the rest). Pasted text is uploaded as a file too, so both take the same
// streamed path on the server whatever their size.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { FileInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

export type EntrySource = { blob: Blob; fileName: string; column?: string | undefined; size: number };

const HEAD_BYTES = 64 * 1024;

/** The columns of a CSV header line (quotes removed), or [] when the line has a single column. */
export const csvHeaderOf = (firstLine: string): string[] => {
  if (!firstLine.includes(',') && !firstLine.includes(';')) return [];
  const separator = firstLine.includes(',') ? ',' : ';';
  return firstLine
    .split(separator)
    .map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
    .filter((name) => name !== '');
};

export const EntrySourceInput = ({
  onChange,
  placeholder,
  disabled,
  error,
}: {
  onChange: (source: EntrySource | null) => void;
  placeholder: string;
  disabled?: boolean;
  error?: string | undefined;
}) => {
  const { t } = useTranslation('lists');
  const [kind, setKind] = useState<'paste' | 'file'>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [column, setColumn] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setColumns([]);
      setColumn(null);
      return;
    }
    let live = true;
    void file
      .slice(0, HEAD_BYTES)
      .text()
      .then((head) => {
        if (!live) return;
        const header = csvHeaderOf(head.split(/\r\n|\r|\n/, 1)[0] ?? '');
        setColumns(header);
        setColumn(header[0] ?? null);
      });
    return () => {
      live = false;
    };
  }, [file]);

  useEffect(() => {
    if (kind === 'paste') {
      onChange(
        text.trim()
          ? { blob: new Blob([text], { type: 'text/plain' }), fileName: 'pasted.txt', size: text.length }
          : null,
      );
      return;
    }
    onChange(
      file
        ? {
            blob: file,
            fileName: file.name,
            column: columns.length > 0 ? (column ?? undefined) : undefined,
            size: file.size,
          }
        : null,
    );
  }, [kind, text, file, column, columns, onChange]);

  const lines = text ? text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length : 0;
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as 'paste' | 'file')}
        data={[
          { value: 'paste', label: t('source.paste') },
          { value: 'file', label: t('source.file') },
        ]}
        disabled={disabled}
        aria-label={t('source.label')}
        data-testid="entry-source"
      />
      {kind === 'paste' ? (
        <>
          <Textarea
            label={t('source.pasteLabel')}
            description={t('source.pasteHint')}
            placeholder={placeholder}
            autosize
            minRows={5}
            maxRows={14}
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            disabled={disabled}
            error={error}
            data-testid="entry-paste"
          />
          <Text size="xs" c="dimmed" mt={-6} data-testid="entry-paste-count">
            {t('source.lines', { n: lines.toLocaleString() })}
          </Text>
        </>
      ) : (
        <>
          <FileInput
            label={t('source.fileLabel')}
            description={t('source.fileHint')}
            placeholder={t('source.filePlaceholder')}
            accept=".csv,.txt,text/csv,text/plain"
            leftSection={<IconFileUpload size={16} aria-hidden="true" />}
            clearable
            clearButtonProps={{ 'aria-label': t('source.clear') }}
            value={file}
            onChange={setFile}
            disabled={disabled}
            error={error}
            data-testid="entry-file"
          />
          {columns.length > 0 ? (
            <Select
              label={t('source.column')}
              description={t('source.columnHint')}
              data={columns}
              value={column}
              onChange={setColumn}
              allowDeselect={false}
              disabled={disabled}
              data-testid="entry-column"
            />
          ) : null}
        </>
      )}
    </Stack>
  );
};
