import { Badge, Button, Card, DataList, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { accountTransactionsQuery } from '@daftar/shared/schemas/accounting';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { FormTextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useAccount, type Account } from '../api/get-account';
import { useAccountTransactions } from '../api/get-account-transactions';
import { accountName } from '../components/account-names';
import { LedgerCardTable } from '../components/ledger-card';

export const LEDGER_PAGE_SIZE = 50;

function AccountDetails({ organizationId, account }: { organizationId: string; account: Account }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const parent = useAccount(organizationId, account.parent_id);
  const facts = [
    { label: t('accounts.fields.code'), value: <Text dir="ltr">{account.code}</Text> },
    { label: t('accounts.fields.name'), value: account.name },
    { label: t('accounts.fields.nameAr'), value: account.name_ar ? <Text lang="ar">{account.name_ar}</Text> : '—' },
    { label: t('accounts.fields.type'), value: t(`accounts.types.${account.type}`) },
    { label: t('accounts.fields.subtype'), value: t(`accounts.subtypes.${account.subtype}`, { defaultValue: account.subtype }) },
    { label: t('accounts.fields.normalBalance'), value: t(`accounts.normalBalance.${account.normal_balance}`) },
    {
      label: t('accounts.fields.parent'),
      value: account.parent_id ? (
        parent.data ? (
          <RadixLink asChild>
            <Link to={`/accounting/accounts/${parent.data.id}`}>{`${parent.data.code} · ${accountName(parent.data, language)}`}</Link>
          </RadixLink>
        ) : (
          '…'
        )
      ) : (
        t('accounts.form.noParent')
      ),
    },
    { label: t('accounts.fields.currency'), value: account.currency },
    { label: t('accounts.fields.balance'), value: <Text weight="bold">{formatMoney(account.balance, account.currency)}</Text> },
    ...(account.description ? [{ label: t('accounts.fields.description'), value: account.description }] : []),
  ];
  return (
    <Card size="3">
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        {facts.map((fact) => (
          <DataList.Item key={fact.label}>
            <DataList.Label minWidth="140px">{fact.label}</DataList.Label>
            <DataList.Value>{fact.value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Card>
  );
}

/** An account's details and its ledger card (GET accounts/{id}/transactions), by date range, paged. */
export function AccountRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { accountId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  // The form's names are the query's, so the schema's messages land on the dates they are about.
  const filters = useZodForm<typeof accountTransactionsQuery, { start_date: string; end_date: string }>(accountTransactionsQuery, {
    defaultValues: { start_date: from, end_date: to },
    prepare: (values) => ({ start_date: values.start_date || undefined, end_date: values.end_date || undefined }),
  });
  const account = useAccount(org, accountId);
  const card = useAccountTransactions(org, accountId, { start_date: from || undefined, end_date: to || undefined, skip, limit: LEDGER_PAGE_SIZE }, !!organizationId);

  const apply = filters.handleSubmit(({ start_date, end_date }) => {
    setParams(
      () => {
        const next = new URLSearchParams();
        if (start_date) next.set('from', start_date);
        if (end_date) next.set('to', end_date);
        return next;
      },
      { replace: true },
    );
  });
  const clear = () => {
    filters.reset({ start_date: '', end_date: '' });
    setParams(new URLSearchParams(), { replace: true });
  };
  const page = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('skip', String(next));
        else copy.delete('skip');
        return copy;
      },
      { replace: true },
    );

  if (!organizationId || account.isPending) return <Loading />;
  if (account.isError) return <QueryError error={account.error} onRetry={() => void account.refetch()} />;
  const a = account.data;
  const name = accountName(a, language);
  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to="/accounting/chart">{t('accounts.backToChart')}</Link>
      </RadixLink>
      <PageHeader
        title={`${a.code} · ${name}`}
        description={
          <Flex gap="2" asChild>
            <span>
              <Badge color="blue">{t(`accounts.types.${a.type}`)}</Badge>
              {a.is_system ? <Badge color="gray">{t('accounts.system')}</Badge> : null}
              {!a.is_active ? <Badge color="amber">{t('accounts.inactive')}</Badge> : null}
            </span>
          </Flex>
        }
      />
      <AccountDetails organizationId={organizationId} account={a} />
      <Heading as="h2" size="4">
        {t('accounts.ledger.title')}
      </Heading>
      <form onSubmit={(event) => void apply(event)} aria-label={t('accounts.ledger.filters')} noValidate>
        <Flex gap="3" align="end" wrap="wrap">
          <FormTextInput form={filters} name="start_date" label={t('accounts.ledger.from')} type="date" />
          <FormTextInput form={filters} name="end_date" label={t('accounts.ledger.to')} type="date" />
          <Button type="submit">{t('accounts.ledger.apply')}</Button>
          {from || to ? (
            <Button type="button" variant="soft" color="gray" onClick={clear}>
              {t('accounts.ledger.clear')}
            </Button>
          ) : null}
        </Flex>
      </form>
      {card.isPending ? <Loading /> : null}
      {card.isError ? <QueryError error={card.error} onRetry={() => void card.refetch()} /> : null}
      {card.data ? (
        <>
          <LedgerCardTable caption={t('accounts.ledger.caption', { account: `${a.code} ${name}` })} card={card.data} showOpening={skip === 0} />
          {card.data.data.length === 0 ? <EmptyState>{from || to ? t('accounts.ledger.emptyRange') : t('accounts.ledger.empty')}</EmptyState> : null}
          <Pagination skip={skip} limit={LEDGER_PAGE_SIZE} count={card.data.count} onChange={page} />
        </>
      ) : null}
    </Flex>
  );
}
