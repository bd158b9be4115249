import { Flex, Link as RadixLink } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Loading, Notice } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { ExpenseForm } from '../components/expense-form';

export function NewExpenseRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useCurrentOrganization();
  const role = useOrganizationRole(organization?.id ?? null);
  if (!organization || role.isLoading) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to="/purchases/expenses">{t('expenses.backToList')}</Link>
      </RadixLink>
      <PageHeader title={t('expenses.form.newTitle')} description={t('expenses.form.newDescription')} />
      {role.isMember ? (
        <ExpenseForm
          organizationId={organization.id}
          currency={organization.base_currency}
          onSaved={(expense) => navigate(`/purchases/expenses/${expense.id}`)}
          cancelTo="/purchases/expenses"
        />
      ) : (
        <Notice color="amber">{t('expenses.readOnly')}</Notice>
      )}
    </Flex>
  );
}
