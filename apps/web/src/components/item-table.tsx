// A small client-side table of a few items, one row each (a bulk call's per-item results, a
// campaign's exchanges): a caption (shown above, or for screen readers only), column headers, and
// each item's row with its name as the row header. No paging, sorting or search: see DataTable.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ItemColumn<T> = {
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** The cell that names the row (<th scope="row">); normally the first column. */
  isRowHeader?: boolean;
};

/** A caption read by screen readers only (a visually hidden <div> may not sit in a <table>). */
const HIDDEN_CAPTION = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const SHOWN_CAPTION = { captionSide: 'top', textAlign: 'start', paddingBottom: 4 } as const;

export const ItemTable = <T,>({
  items,
  columns,
  getKey,
  caption,
  captionHidden = false,
  testId,
  rowTestId,
  isOk,
  minWidth = 560,
  plain = false,
}: {
  items: readonly T[];
  columns: readonly ItemColumn<T>[];
  getKey: (item: T) => string | number;
  caption: string;
  /** The caption for screen readers only (the section's heading already says it). */
  captionHidden?: boolean;
  testId?: string;
  rowTestId?: (item: T) => string;
  /** Marks each row `data-ok="true|false"` (per-item results). */
  isOk?: (item: T) => boolean;
  /** Below it, the table scrolls sideways. */
  minWidth?: number;
  /** No border and no stripes, compact (inside an alert). */
  plain?: boolean;
}) => (
  <Table.ScrollContainer minWidth={minWidth} type="native">
    <Table withTableBorder={!plain} striped={!plain} verticalSpacing={plain ? 4 : 'xs'} data-testid={testId}>
      <caption style={captionHidden ? HIDDEN_CAPTION : SHOWN_CAPTION}>
        {captionHidden ? (
          caption
        ) : (
          <Text span size="sm">
            {caption}
          </Text>
        )}
      </caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.id} scope="col">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr
            key={getKey(item)}
            data-testid={rowTestId?.(item)}
            data-ok={isOk ? String(isOk(item)) : undefined}
          >
            {columns.map((column) =>
              column.isRowHeader ? (
                <Table.Th key={column.id} scope="row" fw={500}>
                  {column.cell(item)}
                </Table.Th>
              ) : (
                <Table.Td key={column.id}>{column.cell(item)}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
