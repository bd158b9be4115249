import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, Loading } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { LayawayForm } from '../components/layaway-form';
import { LAYAWAYS_PATH, layawayPagePath } from '../components/paths';

/** A new layaway (members; the server refuses viewers). */
export function NewLayawayRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  if (!organizationId || role.isLoading) return <Loading />;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={LAYAWAYS_PATH}>
        <BackIcon />
        {t('layaway.page.back')}
      </Link>
    </Button>
  );
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('layaway.form.title')} description={t('layaway.form.intro')} actions={back} />
      {role.isMember ? (
        <LayawayForm organizationId={organizationId} currency={organization?.base_currency ?? 'JOD'} cancelTo={LAYAWAYS_PATH} onSaved={(layaway) => navigate(layawayPagePath(layaway.id))} />
      ) : (
        <EmptyState>{t('layaway.membersOnly')}</EmptyState>
      )}
    </Flex>
  );
}
