import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, Loading } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { PROMOTIONS_PATH, promotionPagePath } from '../components/paths';
import { PromotionForm } from '../components/promotion-form';
import { knownTimeZone } from '../components/time';

/** A new promotion: its offer, reward, limits and rules (admins; the server refuses anyone else). */
export function NewPromotionRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  if (!organizationId || role.isLoading) return <Loading />;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={PROMOTIONS_PATH}>
        <BackIcon />
        {t('promotions.page.back')}
      </Link>
    </Button>
  );
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('promotions.form.newTitle')} description={t('promotions.form.intro')} actions={back} />
      {role.isAdmin ? (
        <PromotionForm
          organizationId={organizationId}
          currency={organization?.base_currency ?? 'JOD'}
          timeZone={knownTimeZone(organization?.timezone)}
          cancelTo={PROMOTIONS_PATH}
          onSaved={(promotion) => navigate(promotionPagePath(promotion.id))}
        />
      ) : (
        <EmptyState>{t('promotions.adminsOnly')}</EmptyState>
      )}
    </Flex>
  );
}
