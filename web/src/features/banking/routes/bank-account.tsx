import { Badge, Button, Card, DataList, Flex, Grid, Switch, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBankAccount } from '../api/get-bank-account';
import type { BankAccount } from '../api/get-bank-accounts';
import { useStatementLines, type StatementLine } from '../api/get-statement-lines';
import { AddLineDialog } from '../components/add-line-dialog';
import { CreateEntryDialog } from '../components/create-entry-dialog';
import { FindMatchDialog } from '../components/find-match-dialog';
import { maskIban } from '../components/iban';
import { ImportStatementDialog } from '../components/import-statement-dialog';
import { isZeroAmount } from '../components/labels';
import { StatementLinesTable } from '../components/statement-lines-table';

export const PAGE_SIZE = 50;

export function BankAccountRoute() {
  const { t } = useTranslation();
  const { bankAccountId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const bank = useBankAccount(organizationId ?? '', bankAccountId);

  if (!organizationId || bank.isPending) return <Loading />;
  if (bank.isError) {
    return (
      <Flex direction="column" gap="4">
        <PageHeader title={t('banking.detail.notFoundTitle')} />
        <QueryError error={bank.error} onRetry={() => void bank.refetch()} />
      </Flex>
    );
  }
  return <BankAccountView organizationId={organizationId} bank={bank.data} />;
}

type LineAction = { kind: 'match' | 'entry'; line: StatementLine } | null;

function BankAccountView({ organizationId, bank }: { organizationId: string; bank: BankAccount }) {
  const { t } = useTranslation();
  const role = useOrganizationRole(organizationId);
  const switchId = useId();
  const [params, setParams] = useSearchParams();
  const unreconciledOnly = params.get('unreconciled') === '1';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const [action, setAction] = useState<LineAction>(null);
  const badRange = !!from && !!to && from > to;
  const lines = useStatementLines(
    organizationId,
    bank.id,
    { unreconciled_only: unreconciledOnly, date_from: from || undefined, date_to: to || undefined, skip, limit: PAGE_SIZE },
    !badRange,
  );

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const money = (amount: string) => formatMoney(amount, bank.currency);

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={bank.name}
        description={bank.bank_name}
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to="/banking">{t('banking.detail.back')}</Link>
            </Button>
            {role.isMember ? <AddLineDialog organizationId={organizationId} bankAccountId={bank.id} /> : null}
            {role.isMember ? <ImportStatementDialog organizationId={organizationId} bankAccountId={bank.id} /> : null}
          </>
        }
      />
      <Card size="3">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>{t('banking.fields.ledgerAccount')}</DataList.Label>
            <DataList.Value>
              <Flex gap="2" align="center" wrap="wrap">
                <Text>
                  {bank.account_code} {bank.account_name}
                </Text>
                {bank.is_active ? null : <Badge color="gray">{t('banking.inactive')}</Badge>}
              </Flex>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('banking.fields.iban')}</DataList.Label>
            <DataList.Value>
              <Text dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                {maskIban(bank.iban) ?? t('common.notSet')}
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('banking.columns.ledgerBalance')}</DataList.Label>
            <DataList.Value>{money(bank.ledger_balance)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('banking.columns.statementBalance')}</DataList.Label>
            <DataList.Value>{money(bank.statement_balance)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('banking.detail.difference')}</DataList.Label>
            <DataList.Value>
              <Text color={isZeroAmount(bank.difference) ? 'green' : 'amber'} weight="bold">
                {money(bank.difference)}
              </Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('banking.columns.unreconciled')}</DataList.Label>
            <DataList.Value>{formatNumber(bank.unreconciled_count)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end">
        <Flex gap="2" align="center" pb="2">
          <Switch id={switchId} checked={unreconciledOnly} onCheckedChange={(checked) => update({ unreconciled: checked ? '1' : null, skip: null })} />
          <Text as="label" htmlFor={switchId} size="2">
            {t('banking.detail.unreconciledOnly')}
          </Text>
        </Flex>
        <TextInput label={t('banking.detail.from')} type="date" value={from} max={to || undefined} onChange={(e) => update({ from: e.target.value, skip: null })} />
        <TextInput
          label={t('banking.detail.to')}
          type="date"
          value={to}
          min={from || undefined}
          error={badRange ? t('validation.dateRange') : undefined}
          onChange={(e) => update({ to: e.target.value, skip: null })}
        />
      </Grid>
      {lines.isPending && !badRange ? <Loading /> : null}
      {lines.isError ? <QueryError error={lines.error} onRetry={() => void lines.refetch()} /> : null}
      {lines.data && lines.data.data.length === 0 ? (
        <EmptyState>{unreconciledOnly || from || to ? t('banking.detail.noMatchingLines') : t('banking.detail.noLines')}</EmptyState>
      ) : null}
      {lines.data && lines.data.data.length > 0 ? (
        <StatementLinesTable
          organizationId={organizationId}
          bankAccountId={bank.id}
          lines={lines.data.data}
          isAdmin={role.isAdmin}
          onFindMatch={(line) => setAction({ kind: 'match', line })}
          onCreateEntry={(line) => setAction({ kind: 'entry', line })}
        />
      ) : null}
      {lines.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={lines.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      {action?.kind === 'match' ? (
        <FindMatchDialog
          organizationId={organizationId}
          bankAccountId={bank.id}
          line={action.line}
          onClose={() => setAction(null)}
          onCreateEntry={() => setAction({ kind: 'entry', line: action.line })}
        />
      ) : null}
      {action?.kind === 'entry' ? (
        <CreateEntryDialog organizationId={organizationId} bankAccountId={bank.id} ledgerAccountId={bank.account_id} line={action.line} onClose={() => setAction(null)} />
      ) : null}
    </Flex>
  );
}
