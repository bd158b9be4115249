import { Button, Flex, Table, Text, TextField } from '@radix-ui/themes';
import type { PaymentType } from '@daftar/shared/schemas/payments';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { amountText, oldestFirst, type AllocationInputs, type AllocationSummary, type OpenDocument } from './allocation';

interface AllocationsEditorProps {
  type: PaymentType;
  currency: string;
  contactChosen: boolean;
  documents: OpenDocument[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  allocations: AllocationInputs;
  summary: AllocationSummary;
  /** Messages by document id. */
  errors: Record<string, string | undefined>;
  /** The whole allocation list's problem (more than the payment). */
  listError?: string;
  onChange: (documentId: string, text: string) => void;
  onAutoAllocate: () => void;
}

/**
 * The contact's open invoices (or bills), oldest first, each with the part of the payment it takes,
 * and the running remainder that stays with the contact.
 */
export function AllocationsEditor(props: AllocationsEditorProps) {
  const { t } = useTranslation();
  const { type, currency, documents, summary } = props;
  const kind = type === 'received' ? 'invoices' : 'bills';
  const show = (minor: number) => formatMoney(amountText(minor, currency), currency);

  if (!props.contactChosen) return <Text size="2" color="gray">{t(`payments.allocations.chooseContact.${type}`)}</Text>;
  if (props.loading) return <Loading />;
  if (props.error) return <QueryError error={props.error} onRetry={props.onRetry} />;
  const rows = oldestFirst(documents ?? []);

  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text as="p" weight="medium">
          {t(`payments.allocations.title.${kind}`)}
        </Text>
        {rows.length > 0 ? (
          <Button type="button" variant="soft" onClick={props.onAutoAllocate}>
            {t('payments.allocations.auto')}
          </Button>
        ) : null}
      </Flex>
      {rows.length === 0 ? (
        <EmptyState>{t(`payments.allocations.none.${type}`)}</EmptyState>
      ) : (
        <div className="table-scroll">
          <Table.Root size="1" variant="surface">
            <TableCaption>{t(`payments.allocations.title.${kind}`)}</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t(`payments.allocations.document.${kind}`)}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('payments.allocations.issueDate')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('payments.allocations.dueDate')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('payments.allocations.total')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('payments.allocations.balanceDue')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('payments.allocations.amount')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((document) => {
                const number = document.number ?? '—';
                const error = props.errors[document.id];
                const errorId = `allocation-error-${document.id}`;
                return (
                  <Table.Row key={document.id}>
                    <Table.RowHeaderCell>{number}</Table.RowHeaderCell>
                    <Table.Cell>{formatDate(document.issue_date)}</Table.Cell>
                    <Table.Cell>{document.due_date ? formatDate(document.due_date) : '—'}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(document.total, currency)}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(document.balance_due, currency)}</Table.Cell>
                    <Table.Cell justify="end">
                      <TextField.Root
                        aria-label={t('payments.allocations.amountFor', { number })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        inputMode="decimal"
                        dir="ltr"
                        placeholder="0"
                        value={props.allocations[document.id] ?? ''}
                        onChange={(e) => props.onChange(document.id, e.target.value)}
                        style={{ minWidth: 110 }}
                      />
                      {error ? (
                        <Text id={errorId} size="1" color="red" role="alert">
                          {error}
                        </Text>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      <Flex direction="column" gap="1" aria-live="polite">
        <Text size="2">
          {t('payments.allocations.allocated')}: <strong>{show(summary.allocated)}</strong>
        </Text>
        {summary.unallocated === null ? null : summary.unallocated >= 0 ? (
          <Text size="2" data-testid="unallocated">
            {t(`payments.allocations.unallocated.${type}`, { amount: show(summary.unallocated) })}
          </Text>
        ) : (
          <Text size="2" color="red" role="alert">
            {t('payments.allocations.overAllocated', { amount: show(-summary.unallocated) })}
          </Text>
        )}
        {props.listError ? (
          <Text size="1" color="red" role="alert">
            {props.listError}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
