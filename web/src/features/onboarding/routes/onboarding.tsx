import { Button, Flex, Link as TextLink } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Brand } from '../../../components/brand';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { LanguageSwitch } from '../../../components/language-switch';
import { PageHeader } from '../../../components/page-header';
import { AppTheme } from '../../../components/app-theme';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useOnboardingProgress } from '../api/get-progress';
import { OnboardingWizard } from '../components/onboarding-wizard';

export function OnboardingRoute() {
  const { t } = useTranslation();
  const progress = useOnboardingProgress();
  const { organizations } = useCurrentOrganization();
  const profileDone = progress.data?.steps.some((s) => s.step === 'organization_profile' && s.status === 'completed');
  return (
    <AppTheme>
      <header className="app-header">
        <div className="app-header-inner">
          <Brand to="/onboarding" />
          <div className="app-header-end">
            <LanguageSwitch />
            <TextLink asChild size="2">
              <Link to="/logout">{t('auth.logout')}</Link>
            </TextLink>
          </div>
        </div>
      </header>
      <main id="main" className="app-main">
        <PageHeader title={t('onboarding.title')} description={t('onboarding.description')} />
        {progress.isPending ? <Loading /> : null}
        {progress.isError ? <QueryError error={progress.error} onRetry={() => void progress.refetch()} /> : null}
        {progress.data?.onboarding_completed ? (
          <Flex direction="column" gap="3" align="start">
            <Notice color="green">{t('onboarding.alreadyComplete')}</Notice>
            <Button asChild>
              <Link to="/">{t('onboarding.goToDashboard')}</Link>
            </Button>
          </Flex>
        ) : progress.data ? (
          <Flex direction="column" gap="4">
            {organizations.length > 0 && !profileDone ? (
              <Flex direction="column" gap="2" align="start">
                <Notice>{t('onboarding.alreadyMember', { name: organizations[0]!.name })}</Notice>
                <Button asChild variant="soft">
                  <Link to="/">{t('onboarding.goToDashboard')}</Link>
                </Button>
              </Flex>
            ) : null}
            <OnboardingWizard progress={progress.data} />
          </Flex>
        ) : null}
      </main>
    </AppTheme>
  );
}
