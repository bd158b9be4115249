import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, Loading } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { LOYALTY_PATH, programPagePath } from '../components/paths';
import { ProgramForm } from '../components/program-form';

/** A new loyalty program (admins; the server refuses anyone else). */
export function NewProgramRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  if (!organizationId || role.isLoading) return <Loading />;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={LOYALTY_PATH}>
        <BackIcon />
        {t('loyalty.program.back')}
      </Link>
    </Button>
  );
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('loyalty.form.newTitle')} description={t('loyalty.form.intro')} actions={back} />
      {role.isAdmin ? (
        <ProgramForm organizationId={organizationId} currency={organization?.base_currency ?? 'JOD'} cancelTo={LOYALTY_PATH} onSaved={(program) => navigate(programPagePath(program.id))} />
      ) : (
        <EmptyState>{t('loyalty.adminsOnly')}</EmptyState>
      )}
    </Flex>
  );
}
