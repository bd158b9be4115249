import { Table } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';
import { TableCaption } from './document-lines-editor';

export interface TableColumn<R> {
  header: ReactNode;
  /** Figures line up at the end (the right in English, the left in Arabic). */
  end?: boolean;
  /** The cell that names its row for a screen reader (a row header). */
  rowHeader?: boolean;
  cell: (row: R) => ReactNode;
}

export interface ColumnsTableProps<R> extends Omit<ComponentProps<typeof Table.Root>, 'children'> {
  /** Read by screen readers only: what the table lists. */
  caption: string;
  /** `false` leaves a column out (one the reader may not use, say). */
  columns: readonly (TableColumn<R> | false)[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowAlign?: 'start' | 'center' | 'end' | 'baseline';
  /** Wrapped to scroll sideways on a narrow screen rather than overflow the page. */
  scroll?: boolean;
}

/** A table described column by column: each column's header and how it shows a row. */
export function ColumnsTable<R>({ caption, columns, rows, rowKey, rowAlign, scroll, ...root }: ColumnsTableProps<R>) {
  const shown = columns.filter((c): c is TableColumn<R> => c !== false);
  const table = (
    <Table.Root {...root}>
      <TableCaption>{caption}</TableCaption>
      <Table.Header>
        <Table.Row>
          {shown.map((c, i) => (
            <Table.ColumnHeaderCell key={i} justify={c.end ? 'end' : undefined}>
              {c.header}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)} align={rowAlign}>
            {shown.map((c, i) =>
              c.rowHeader ? (
                <Table.RowHeaderCell key={i} justify={c.end ? 'end' : undefined}>
                  {c.cell(row)}
                </Table.RowHeaderCell>
              ) : (
                <Table.Cell key={i} justify={c.end ? 'end' : undefined}>
                  {c.cell(row)}
                </Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return scroll ? <div className="table-scroll">{table}</div> : table;
}
