import { Button, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import { BANK_MATCH_WINDOW_DAYS } from '@daftar/shared/schemas/banking';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useNarrate } from '../../../lib/narrative';
import { notify } from '../../../lib/notify';
import { useMatches, type MatchSuggestion } from '../api/get-matches';
import type { StatementLine } from '../api/get-statement-lines';
import { useReconcileLine } from '../api/reconcile-line';

interface FindMatchDialogProps {
  organizationId: string;
  bankAccountId: string;
  line: StatementLine;
  onClose: () => void;
  /** No suggestion fits: post an entry for the line instead. */
  onCreateEntry: () => void;
}

/** The entry as the journal names it (JE-000012). */
const entryName = (suggestion: MatchSuggestion) =>
  suggestion.entry_name ?? suggestion.journal_entry_id;

/** The postings that could be this statement line, closest first; choosing one reconciles the line. */
export function FindMatchDialog({ organizationId, bankAccountId, line, onClose, onCreateEntry }: FindMatchDialogProps) {
  const { t } = useTranslation();
  const narrateText = useNarrate();
  const matches = useMatches(organizationId, bankAccountId, line.id);
  const reconcile = useReconcileLine();

  // The posting being reconciled with: set within the click, so no button takes a second one meanwhile.
  const [chosen, setChosen] = useState<string | null>(null);

  const choose = async (suggestion: MatchSuggestion) => {
    if (chosen || reconcile.isPending) return;
    setChosen(suggestion.journal_entry_id);
    try {
      await reconcile.mutateAsync({
        organizationId,
        bankAccountId,
        lineId: line.id,
        data: { journal_entry_id: suggestion.journal_entry_id, ...(suggestion.payment_id ? { payment_id: suggestion.payment_id } : {}) },
      });
    } catch {
      // Reported by the shared failure handler; another posting may be chosen.
      return;
    } finally {
      setChosen(null);
    }
    notify.success(t('banking.match.reconciled', { description: line.description }));
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="860px">
        <Dialog.Title>{t('banking.match.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('banking.match.description', {
            date: formatDate(line.date),
            description: line.description,
            amount: formatMoney(line.amount, line.currency),
            days: formatNumber(BANK_MATCH_WINDOW_DAYS),
          })}
        </Dialog.Description>
        <Flex direction="column" gap="4">
          {matches.isPending ? <Loading /> : null}
          {matches.isError ? <QueryError error={matches.error} onRetry={() => void matches.refetch()} /> : null}
          {matches.data && matches.data.data.length === 0 ? <EmptyState>{t('banking.match.none')}</EmptyState> : null}
          {matches.data && matches.data.data.length > 0 ? (
            <div className="table-scroll">
              <Table.Root size="1" variant="surface">
                <TableCaption>{t('banking.match.suggestions')}</TableCaption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('banking.match.entry')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('banking.lines.date')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('banking.lines.description')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('banking.lines.reference')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('banking.lines.amount')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('banking.match.daysApart')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {matches.data.data.map((suggestion) => (
                    <Table.Row key={suggestion.journal_entry_id}>
                      <Table.RowHeaderCell>{entryName(suggestion)}</Table.RowHeaderCell>
                      <Table.Cell>{formatDate(suggestion.date)}</Table.Cell>
                      <Table.Cell>
                        <Text>
                          {suggestion.memo ? narrateText(suggestion.memo_narrative, suggestion.memo) : narrateText(suggestion.description_narrative, suggestion.description)}
                        </Text>
                        {suggestion.payment_id ? (
                          <Text as="div" size="1" color="gray">
                            {t('banking.match.fromPayment')}
                          </Text>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell>{suggestion.reference ?? ''}</Table.Cell>
                      <Table.Cell justify="end">{formatMoney(suggestion.amount, line.currency)}</Table.Cell>
                      <Table.Cell justify="end">{formatNumber(suggestion.days_apart)}</Table.Cell>
                      <Table.Cell>
                        <Button
                          size="1"
                          loading={chosen === suggestion.journal_entry_id}
                          disabled={!!chosen || reconcile.isPending}
                          aria-label={t('banking.match.reconcileWith', { entry: entryName(suggestion) })}
                          onClick={() => void choose(suggestion)}
                        >
                          {t('banking.match.reconcile')}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </div>
          ) : null}
          <Flex gap="3" justify="end">
            <Button type="button" variant="soft" onClick={onCreateEntry}>
              {t('banking.entry.open')}
            </Button>
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                {t('common.cancel')}
              </Button>
            </Dialog.Close>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
