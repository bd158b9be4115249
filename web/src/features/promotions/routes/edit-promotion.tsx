import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { useCurrentOrganization } from '../../../lib/organizations';
import { usePromotion } from '../api/get-promotion';
import { PROMOTIONS_PATH, promotionPagePath } from '../components/paths';
import { PromotionForm } from '../components/promotion-form';
import { knownTimeZone } from '../components/time';

/** A saved promotion's offer, reward, priority and limits; its rules change on its page. */
export function EditPromotionRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { promotionId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const promotion = usePromotion(organizationId ?? '', promotionId, !!organizationId);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={promotion.data ? promotionPagePath(promotion.data.id) : PROMOTIONS_PATH}>
        <BackIcon />
        {promotion.data ? t('promotions.page.backToPromotion') : t('promotions.page.back')}
      </Link>
    </Button>
  );
  if (!organizationId || promotion.isPending || role.isLoading) return <Loading />;
  if (promotion.isError) {
    if (errorStatus(promotion.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('promotions.page.notFoundTitle')} actions={back} />
          <EmptyState>{t('promotions.page.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={promotion.error} onRetry={() => void promotion.refetch()} />;
  }
  const current = promotion.data;
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('promotions.form.editTitle', { name: localName(current, currentLanguage()) })} actions={back} />
      {role.isAdmin ? (
        <PromotionForm
          key={current.id}
          organizationId={organizationId}
          currency={organization?.base_currency ?? 'JOD'}
          timeZone={knownTimeZone(organization?.timezone)}
          promotion={current}
          cancelTo={promotionPagePath(current.id)}
          onSaved={(saved) => navigate(promotionPagePath(saved.id))}
        />
      ) : (
        <EmptyState>{t('promotions.adminsOnly')}</EmptyState>
      )}
    </Flex>
  );
}
