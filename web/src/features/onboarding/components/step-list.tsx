import { CheckIcon } from '@radix-ui/react-icons';
import { Flex, Progress, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { OnboardingProgress, OnboardingStep } from '../api/get-progress';

export function StepList({ progress, active }: { progress: OnboardingProgress; active: OnboardingStep }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" gap="4">
      <Flex direction="column" gap="2">
        <Text size="2" color="gray" id="onboarding-progress-label">
          {t('onboarding.percentComplete', { percent: formatNumber(progress.percent_complete) })}
        </Text>
        <Progress value={progress.percent_complete} aria-labelledby="onboarding-progress-label" />
      </Flex>
      <ol className="wizard-steps" aria-label={t('onboarding.stepsLabel')}>
        {progress.steps.map((state, index) => (
          <li key={state.step} data-status={state.status} aria-current={state.step === active ? 'step' : undefined}>
            <span className="step-marker" aria-hidden="true">
              {state.status === 'completed' ? <CheckIcon /> : formatNumber(index + 1)}
            </span>
            <span>
              {t(`onboarding.steps.${state.step}.title`)}
              {state.status !== 'pending' ? (
                <Text as="span" size="1" color="gray">
                  {' · '}
                  {t(`onboarding.stepStatus.${state.status}`)}
                </Text>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
