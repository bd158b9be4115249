import { Button, Callout, Flex } from '@radix-ui/themes';
import { RocketIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../../lib/format';
import { useOnboardingStatus } from '../api/get-onboarding-status';

/** A reminder while the setup wizard is unfinished. */
export function SetupBanner() {
  const { t } = useTranslation();
  const status = useOnboardingStatus();
  if (!status.data || status.data.onboarding_completed) return null;
  return (
    <Callout.Root color="blue" mb="5">
      <Callout.Icon>
        <RocketIcon />
      </Callout.Icon>
      <Flex justify="between" align="center" gap="3" wrap="wrap" width="100%">
        <Callout.Text>{t('dashboard.finishSetup', { percent: formatNumber(status.data.percent_complete) })}</Callout.Text>
        <Button asChild size="1">
          <Link to="/onboarding">{t('dashboard.continueSetup')}</Link>
        </Button>
      </Flex>
    </Callout.Root>
  );
}
