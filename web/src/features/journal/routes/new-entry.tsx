import { Flex, Link as RadixLink } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Loading, Notice } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { JournalEntryForm } from '../components/journal-entry-form';

export function NewJournalEntryRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId, organization } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  if (!organizationId || !organization || role.isLoading) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to="/accounting/journal">{t('journal.backToList')}</Link>
      </RadixLink>
      <PageHeader title={t('journal.form.title')} description={role.isAdmin ? t('journal.form.introAdmin') : t('journal.form.intro')} />
      {role.isMember ? (
        <JournalEntryForm
          organizationId={organizationId}
          currency={organization.base_currency}
          canPost={role.isAdmin}
          cancelTo="/accounting/journal"
          onSaved={(entry) => {
            notify.success(entry.status === 'posted' ? t('journal.form.posted', { entry: entry.entry_number ?? '' }) : t('journal.form.savedDraft'));
            navigate(`/accounting/journal/${entry.id}`);
          }}
        />
      ) : (
        <Notice color="amber">{t('journal.membersOnly')}</Notice>
      )}
    </Flex>
  );
}
