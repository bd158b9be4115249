import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Heading, Switch, Text, TextField } from '@radix-ui/themes';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useChart, type AccountNode } from '../api/get-chart';
import { useUpdateAccount } from '../api/update-account';
import { AccountDialog } from '../components/account-dialog';
import { accountName } from '../components/account-names';
import { byType, flatten, treeRows } from '../components/account-tree';
import { ChartTable, type ChartRowActions } from '../components/chart-table';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { SummaryByType } from '../components/summary-by-type';

type Editing = { mode: 'new'; parent?: AccountNode } | { mode: 'edit'; account: AccountNode } | null;

export function ChartOfAccountsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const switchId = useId();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const includeInactive = params.get('inactive') === '1';
  const chart = useChart(org, includeInactive);
  const toggle = useUpdateAccount();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AccountNode | null>(null);

  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const accounts = useMemo(() => flatten(chart.data?.data ?? []), [chart.data]);
  const groups = useMemo(
    () => byType(chart.data?.data ?? []).map((group) => ({ ...group, rows: treeRows(group.nodes, search) })),
    [chart.data, search],
  );
  const shown = groups.reduce((n, g) => n + g.rows.length, 0);

  const actions: ChartRowActions | undefined = role.isAdmin
    ? {
        onEdit: (account) => setEditing({ mode: 'edit', account }),
        onAddChild: (parent) => setEditing({ mode: 'new', parent }),
        onDelete: setDeleting,
        togglingId: toggle.isPending ? toggle.variables?.accountId : null,
        onToggleActive: (account) => {
          const label = `${account.code} ${accountName(account, language)}`;
          toggle.mutate(
            { organizationId: org, accountId: account.id, data: { is_active: !account.is_active, version: account.version } },
            { onSuccess: (saved) => notify.success(t(saved.is_active ? 'accounts.activated' : 'accounts.deactivated', { account: label })) },
          );
        },
      }
    : undefined;

  if (!organizationId) return <Loading />;
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={t('accounts.title')}
        description={t('accounts.intro')}
        actions={role.isAdmin ? <Button onClick={() => setEditing({ mode: 'new' })}>{t('accounts.newAccount')}</Button> : null}
      />
      <SummaryByType organizationId={organizationId} />
      <Flex gap="4" align="center" wrap="wrap">
        <TextField.Root
          type="search"
          aria-label={t('accounts.search')}
          placeholder={t('accounts.searchPlaceholder')}
          value={search}
          onChange={(e) => update('q', e.target.value)}
          style={{ minWidth: 280 }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Flex gap="2" align="center">
          <Switch id={switchId} checked={includeInactive} onCheckedChange={(checked) => update('inactive', checked ? '1' : null)} />
          <Text as="label" htmlFor={switchId} size="2">
            {t('accounts.showInactive')}
          </Text>
        </Flex>
      </Flex>
      {chart.isPending ? <Loading /> : null}
      {chart.isError ? <QueryError error={chart.error} onRetry={() => void chart.refetch()} /> : null}
      {chart.data && shown === 0 ? <EmptyState>{search ? t('accounts.noMatches') : t('accounts.empty')}</EmptyState> : null}
      {chart.data
        ? groups
            .filter((group) => group.rows.length > 0)
            .map((group) => (
              <section key={group.type} aria-labelledby={`accounts-${group.type}`}>
                <Heading as="h2" size="4" mb="2" id={`accounts-${group.type}`}>
                  {t(`accounts.types.${group.type}`)}
                </Heading>
                <ChartTable caption={t(`accounts.types.${group.type}`)} rows={group.rows} currency={chart.data.currency} actions={actions} />
              </section>
            ))
        : null}
      {editing ? (
        <AccountDialog
          organizationId={organizationId}
          accounts={accounts}
          account={editing.mode === 'edit' ? editing.account : undefined}
          parent={editing.mode === 'new' ? editing.parent : undefined}
          open
          onOpenChange={(open) => (open ? null : setEditing(null))}
        />
      ) : null}
      {deleting ? <DeleteAccountDialog organizationId={organizationId} account={deleting} open onOpenChange={(open) => (open ? null : setDeleting(null))} /> : null}
    </Flex>
  );
}
