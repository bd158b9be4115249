import { Box, Card, Flex, Grid, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReportColumn, ReportRow, ReportSection } from '@daftar/shared/schemas/reportCatalogue';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber, locale } from '../../../lib/format';
import type { ReportTable } from '../api/get-report-preview';

type Kind = ReportColumn['kind'];
type CellValue = string | number | null | undefined;

function formatPercent(value: string | number) {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 2 }).format(Number(value) / 100);
}

/** One cell as its column's kind says: money in the report's currency, counts, percentages, dates. */
export function formatCell(value: CellValue, kind: Kind, currency: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return Number.isNaN(Number(value)) ? String(value) : formatMoney(value, currency);
    case 'number':
      return Number.isNaN(Number(value)) ? String(value) : formatNumber(Number(value));
    case 'percent':
      return Number.isNaN(Number(value)) ? String(value) : formatPercent(value);
    case 'date':
      return formatDate(String(value));
    default:
      return String(value);
  }
}

const numeric = (kind: Kind) => kind === 'money' || kind === 'number' || kind === 'percent';

const rowStyle = (style: ReportRow['style']): CSSProperties => {
  switch (style) {
    case 'heading':
      return { background: 'var(--gray-a3)', fontWeight: 600 };
    case 'subtotal':
      return { fontWeight: 600 };
    case 'total':
      return { fontWeight: 700, borderTop: '2px solid var(--gray-a8)' };
    default:
      return {};
  }
};

function Section({ section, currency }: { section: ReportSection; currency: string }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" gap="2">
      {section.title ? (
        <Heading as="h3" size="3">
          {section.title}
        </Heading>
      ) : null}
      <Table.Root variant="surface" size="1">
        {/* Radix puts props on the wrapper, not the <table>: the caption names the table itself. */}
        {section.title ? (
          <VisuallyHidden asChild>
            <caption>{section.title}</caption>
          </VisuallyHidden>
        ) : null}
        <Table.Header>
          <Table.Row>
            {section.columns.map((column) => (
              <Table.ColumnHeaderCell key={column.key} justify={numeric(column.kind) ? 'end' : 'start'}>
                {column.label}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {section.rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={section.columns.length}>
                <Text color="gray">{section.empty_text ?? t('reports.preview.noRows')}</Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            section.rows.map((row, index) => {
              const style = row.style ?? 'normal';
              return (
                <Table.Row key={index} style={rowStyle(style)} data-row-style={style}>
                  {section.columns.map((column, columnIndex) => {
                    const text = formatCell(row.cells[column.key], column.kind, currency);
                    const indent = columnIndex === 0 && row.indent ? { paddingInlineStart: `calc(var(--space-3) + ${row.indent * 16}px)` } : {};
                    return columnIndex === 0 ? (
                      <Table.RowHeaderCell key={column.key} style={{ fontWeight: 'inherit', ...indent }}>
                        {text}
                      </Table.RowHeaderCell>
                    ) : (
                      <Table.Cell key={column.key} justify={numeric(column.kind) ? 'end' : 'start'} style={numeric(column.kind) ? { whiteSpace: 'nowrap' } : undefined}>
                        {text}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}

/**
 * Any report of the catalogue, as the server laid it out (reportTablePublic): headline figures,
 * then sections of rows under typed columns, then notes. One renderer for thirteen reports.
 */
export function ReportTableView({ report }: { report: ReportTable }) {
  const { t } = useTranslation();
  const highlights = report.highlights ?? [];
  const notes = report.notes ?? [];
  return (
    <Flex direction="column" gap="4">
      {highlights.length > 0 ? (
        <Grid columns={{ initial: '1', sm: String(Math.min(highlights.length, 4)) }} gap="3" role="list" aria-label={t('reports.preview.highlights')}>
          {highlights.map((highlight) => (
            <Card key={highlight.label} role="listitem">
              <Text as="div" size="1" color="gray">
                {highlight.label}
              </Text>
              <Text as="div" size="4" weight="bold">
                {formatCell(highlight.value, highlight.kind, report.currency)}
              </Text>
            </Card>
          ))}
        </Grid>
      ) : null}
      {report.sections.map((section, index) => (
        <Section key={index} section={section} currency={report.currency} />
      ))}
      {notes.length > 0 ? (
        <Box asChild>
          <ul aria-label={t('reports.preview.notes')} style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }}>
            {notes.map((note) => (
              <li key={note}>
                <Text size="1" color="gray">
                  {note}
                </Text>
              </li>
            ))}
          </ul>
        </Box>
      ) : null}
    </Flex>
  );
}
