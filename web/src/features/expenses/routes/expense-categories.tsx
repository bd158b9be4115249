import { Badge, Button, Flex, Switch, Table, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, ActionDialog } from '../../../components/documents/confirm-action-dialog';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useDeleteExpenseCategory } from '../api/delete-expense-category';
import { useExpenseAccounts } from '../api/get-accounts';
import { useExpenseCategories, type ExpenseCategory } from '../api/get-expense-categories';
import { useUpdateExpenseCategory } from '../api/update-expense-category';
import { ExpenseCategoryDialog } from '../components/expense-category-dialog';
import { localName, otherName } from '../../../lib/names';

const DELETED = 'Expense category deleted successfully';

export function ExpenseCategoriesRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const switchId = useId();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const [includeInactive, setIncludeInactive] = useState(false);
  const [dialog, setDialog] = useState<{ category: ExpenseCategory | null } | null>(null);
  const categories = useExpenseCategories(org, includeInactive);
  const accounts = useExpenseAccounts(org);
  const remove = useDeleteExpenseCategory();
  const toggle = useUpdateExpenseCategory();
  const accountName = (accountId: string) => {
    const account = accounts.data?.find((a) => a.id === accountId);
    return account ? `${account.code} ${localName(account, language)}` : accounts.isPending ? '…' : t('expenses.view.unknown');
  };

  if (!organizationId || role.isLoading) return <Loading />;
  const rows = categories.data?.data ?? [];
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('expenses.categories.title')}
        description={t('expenses.categories.intro')}
        actions={role.isAdmin ? <Button onClick={() => setDialog({ category: null })}>{t('expenses.categories.new')}</Button> : null}
      />
      <Flex gap="2" align="center">
        <Switch id={switchId} checked={includeInactive} onCheckedChange={setIncludeInactive} />
        <Text as="label" htmlFor={switchId} size="2">
          {t('expenses.categories.showInactive')}
        </Text>
      </Flex>
      {categories.isPending ? <Loading /> : null}
      {categories.isError ? <QueryError error={categories.error} onRetry={() => void categories.refetch()} /> : null}
      {categories.data && rows.length === 0 ? <EmptyState>{t('expenses.categories.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <div className="table-scroll">
          <Table.Root variant="surface">
            <TableCaption>{t('expenses.categories.title')}</TableCaption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('expenses.categories.name')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('expenses.categories.account')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t('expenses.categories.expenseCount')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('expenses.fields.status')}</Table.ColumnHeaderCell>
                {role.isAdmin ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((category) => {
                const name = localName(category, language);
                const second = otherName(category, language)?.text;
                return (
                  <Table.Row key={category.id}>
                    <Table.RowHeaderCell>
                      <Text as="div">{name}</Text>
                      {second ? (
                        <Text as="div" size="1" color="gray">
                          {second}
                        </Text>
                      ) : null}
                    </Table.RowHeaderCell>
                    <Table.Cell>{accountName(category.account_id)}</Table.Cell>
                    <Table.Cell justify="end">{formatNumber(category.expense_count)}</Table.Cell>
                    <Table.Cell>
                      {category.is_active ? <Badge color="green">{t('expenses.categories.active')}</Badge> : <Badge color="gray">{t('expenses.categories.inactive')}</Badge>}
                    </Table.Cell>
                    {role.isAdmin ? (
                      <Table.Cell>
                        <Flex gap="2" wrap="wrap">
                          <Button size="1" variant="soft" aria-label={t('expenses.categories.editFor', { name })} onClick={() => setDialog({ category })}>
                            {t('expenses.actions.edit')}
                          </Button>
                          <ActionButton
                            size="1"
                            variant="soft"
                            color="gray"
                            aria-label={t(category.is_active ? 'expenses.categories.deactivateFor' : 'expenses.categories.activateFor', { name })}
                            pending={toggle.isPending && toggle.variables?.categoryId === category.id}
                            onAction={async () => {
                              const changed = await toggle.mutateAsync({ organizationId, categoryId: category.id, data: { is_active: !category.is_active, version: category.version } });
                              notify.success(t(changed.is_active ? 'expenses.categories.activated' : 'expenses.categories.deactivated', { name }));
                            }}
                          >
                            {category.is_active ? t('expenses.categories.deactivate') : t('expenses.categories.activate')}
                          </ActionButton>
                          <ActionDialog
                            trigger={
                              <Button size="1" variant="soft" color="red" aria-label={t('expenses.categories.deleteFor', { name })}>
                                {t('common.delete')}
                              </Button>
                            }
                            title={t('expenses.categories.deleteFor', { name })}
                            description={t('expenses.categories.deleteDescription')}
                            confirmLabel={t('common.delete')}
                            color="red"
                            pending={remove.isPending && remove.variables?.categoryId === category.id}
                            onConfirm={async () => {
                              const { message } = await remove.mutateAsync({ organizationId, categoryId: category.id });
                              // A category that expenses use is deactivated instead: the API says so, and that is what the person reads.
                              if (message === DELETED) notify.success(t('expenses.categories.deleted', { name }));
                              else notify.warning(message);
                            }}
                          />
                        </Flex>
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </div>
      ) : null}
      {dialog ? <ExpenseCategoryDialog organizationId={organizationId} category={dialog.category} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
