import { Flex, Link as RadixLink } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useExpense } from '../api/get-expense';
import { ExpenseForm } from '../components/expense-form';

export function EditExpenseRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { expenseId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const user = useUser();
  const expense = useExpense(org, expenseId);
  const back = `/purchases/expenses/${expenseId}`;

  if (!organizationId || expense.isPending || role.isLoading) return <Loading />;
  if (expense.isError) return <QueryError error={expense.error} onRetry={() => void expense.refetch()} />;
  const doc = expense.data;
  const mayChange = role.isMember && (role.isAdmin || doc.user_id === user.data?.id);
  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to={back}>{t('expenses.backToExpense')}</Link>
      </RadixLink>
      <PageHeader title={t('expenses.form.editTitle', { description: doc.description })} />
      {doc.status !== 'draft' && doc.status !== 'rejected' ? (
        <Notice color="amber">{t('expenses.form.notEditable')}</Notice>
      ) : !mayChange ? (
        <Notice color="amber">{t('expenses.form.notYours')}</Notice>
      ) : (
        <ExpenseForm key={doc.version} organizationId={organizationId} currency={doc.currency} expense={doc} onSaved={() => navigate(back)} cancelTo={back} />
      )}
    </Flex>
  );
}
