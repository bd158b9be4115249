import { Callout, Flex, Link as RadixLink } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Loading, Notice } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useExpenseCategories } from '../api/get-expense-categories';
import { ExpenseForm } from '../components/expense-form';

/**
 * The category list of the form is empty when the organization has no active category (a new
 * organization gets defaults from the server, but they can all be deactivated): say why, and where
 * categories are managed. Next to the form, not inside it.
 */
function NoCategoriesHint({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const categories = useExpenseCategories(organizationId, true);
  if (!categories.data || categories.data.data.some((c) => c.is_active)) return null;
  return (
    <Callout.Root color="amber" role="note">
      <Callout.Text>
        {t('expenseSetup.noCategories')}{' '}
        {isAdmin ? (
          <RadixLink asChild weight="medium">
            <Link to="/purchases/expense-categories">{t('expenseSetup.manageCategories')}</Link>
          </RadixLink>
        ) : (
          t('expenseSetup.noCategoriesMember')
        )}
      </Callout.Text>
    </Callout.Root>
  );
}

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
      {role.isMember ? <NoCategoriesHint organizationId={organization.id} isAdmin={role.isAdmin} /> : null}
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
