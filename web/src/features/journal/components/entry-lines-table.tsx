import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useNarrate } from '../../../lib/narrative';
import type { ContactName } from '../api/get-contacts';
import type { JournalEntry } from '../api/get-journal-entries';

/** "0.000": an amount that is nothing, read from its text (no float). */
export const isZeroAmount = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

/** A stored entry's lines with their totals: every account it moves, debit and credit. */
export function EntryLinesTable({ entry, contacts }: { entry: JournalEntry; contacts: readonly ContactName[] }) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language.startsWith('ar');
  const language = currentLanguage();
  const narrateText = useNarrate();
  const money = (amount: string) => formatMoney(amount, entry.currency);
  const contactName = (id: string | null) => {
    if (!id) return '';
    const contact = contacts.find((c) => c.id === id);
    return contact ? (language === 'ar' && contact.name_ar ? contact.name_ar : contact.name) : '…';
  };
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('journal.view.linesCaption')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('journal.fields.account')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.fields.description')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.fields.contact')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('journal.fields.debit')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('journal.fields.credit')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entry.lines.map((line) => (
            <Table.Row key={line.line_no}>
              <Table.RowHeaderCell>
                <RadixLink asChild>
                  <Link to={`/accounting/accounts/${line.account_id}`}>
                    {line.account_code ? `${line.account_code} · ` : ''}
                    {(arabic ? line.account_name_ar : null) ?? line.account_name ?? line.account_id}
                  </Link>
                </RadixLink>
              </Table.RowHeaderCell>
              <Table.Cell>{narrateText(line.narrative, line.description)}</Table.Cell>
              <Table.Cell>{contactName(line.contact_id)}</Table.Cell>
              <Table.Cell justify="end">{isZeroAmount(line.debit) ? '' : money(line.debit)}</Table.Cell>
              <Table.Cell justify="end">{isZeroAmount(line.credit) ? '' : money(line.credit)}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row>
            <Table.RowHeaderCell colSpan={3}>
              <Text weight="bold">{t('journal.view.totals')}</Text>
            </Table.RowHeaderCell>
            <Table.Cell justify="end">
              <Text weight="bold">{money(entry.total_debit)}</Text>
            </Table.Cell>
            <Table.Cell justify="end">
              <Text weight="bold">{money(entry.total_credit)}</Text>
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </div>
  );
}
