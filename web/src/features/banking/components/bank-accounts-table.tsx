import { Badge, Button, Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActionButton, ActionDialog } from '../../../components/documents/confirm-action-dialog';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatMoney, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import type { BankAccount } from '../api/get-bank-accounts';
import { useUpdateBankAccount } from '../api/update-bank-account';
import { BankAccountDialog } from './bank-account-dialog';
import { maskIban } from './iban';

export function BankAccountsTable({ organizationId, banks, isAdmin }: { organizationId: string; banks: BankAccount[]; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('banking.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('banking.columns.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('banking.columns.bank')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('banking.columns.iban')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('banking.columns.ledgerBalance')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('banking.columns.statementBalance')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('banking.columns.unreconciled')}</Table.ColumnHeaderCell>
            {isAdmin ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {banks.map((bank) => (
            <Table.Row key={bank.id}>
              <Table.RowHeaderCell>
                <Flex gap="2" align="center" wrap="wrap">
                  <RadixLink asChild weight="medium">
                    <Link to={`/banking/${bank.id}`}>{bank.name}</Link>
                  </RadixLink>
                  {bank.is_active ? null : <Badge color="gray">{t('banking.inactive')}</Badge>}
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>{bank.bank_name}</Table.Cell>
              <Table.Cell>
                {bank.iban ? (
                  <Text dir="ltr" style={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
                    {maskIban(bank.iban)}
                  </Text>
                ) : (
                  <Text color="gray">—</Text>
                )}
              </Table.Cell>
              <Table.Cell justify="end">{formatMoney(bank.ledger_balance, bank.currency)}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(bank.statement_balance, bank.currency)}</Table.Cell>
              <Table.Cell justify="end">{formatNumber(bank.unreconciled_count)}</Table.Cell>
              {isAdmin ? (
                <Table.Cell>
                  <Flex gap="2">
                    <BankAccountDialog
                      organizationId={organizationId}
                      bank={bank}
                      trigger={
                        <Button size="1" variant="soft" aria-label={t('banking.editFor', { name: bank.name })}>
                          {t('banking.edit')}
                        </Button>
                      }
                    />
                    <ActiveToggle organizationId={organizationId} bank={bank} />
                  </Flex>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

/** Deactivating hides the account from pickers and lists; its lines and history stay. */
function ActiveToggle({ organizationId, bank }: { organizationId: string; bank: BankAccount }) {
  const { t } = useTranslation();
  const update = useUpdateBankAccount({ handlesErrors: false });
  const change = async (is_active: boolean) => {
    const saved = await update.mutateAsync({ organizationId, bankAccountId: bank.id, data: { is_active, version: bank.version } });
    notify.success(t(is_active ? 'banking.activated' : 'banking.deactivated', { name: saved.name }));
  };
  if (!bank.is_active) {
    return (
      <ActionButton size="1" variant="soft" pending={update.isPending} aria-label={t('banking.activateFor', { name: bank.name })} onAction={() => change(true)}>
        {t('banking.activate')}
      </ActionButton>
    );
  }
  return (
    <ActionDialog
      trigger={
        <Button size="1" variant="soft" color="red" aria-label={t('banking.deactivateFor', { name: bank.name })}>
          {t('banking.deactivate')}
        </Button>
      }
      title={t('banking.deactivateTitle', { name: bank.name })}
      description={t('banking.deactivateDescription')}
      confirmLabel={t('banking.deactivate')}
      color="red"
      onConfirm={() => change(false)}
      pending={update.isPending}
    />
  );
}
