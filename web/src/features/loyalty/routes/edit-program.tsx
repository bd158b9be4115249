import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useProgram } from '../api/get-program';
import { programName } from '../components/figures';
import { LOYALTY_PATH, programPagePath } from '../components/paths';
import { ProgramForm } from '../components/program-form';

/** A program's terms changed: they apply to what is earned from then on. */
export function EditProgramRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { programId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const program = useProgram(organizationId ?? '', programId, !!organizationId);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={program.data ? programPagePath(program.data.id) : LOYALTY_PATH}>
        <BackIcon />
        {program.data ? t('loyalty.program.backToProgram') : t('loyalty.program.back')}
      </Link>
    </Button>
  );
  if (!organizationId || program.isPending || role.isLoading) return <Loading />;
  if (program.isError) {
    if (errorStatus(program.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('loyalty.program.notFoundTitle')} actions={back} />
          <EmptyState>{t('loyalty.program.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={program.error} onRetry={() => void program.refetch()} />;
  }
  const current = program.data;
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('loyalty.form.editTitle', { name: programName(current) })} description={t('loyalty.form.editIntro')} actions={back} />
      {role.isAdmin ? (
        <ProgramForm
          key={current.id}
          organizationId={organizationId}
          currency={organization?.base_currency ?? 'JOD'}
          program={current}
          cancelTo={programPagePath(current.id)}
          onSaved={(saved) => navigate(programPagePath(saved.id))}
        />
      ) : (
        <EmptyState>{t('loyalty.adminsOnly')}</EmptyState>
      )}
    </Flex>
  );
}
