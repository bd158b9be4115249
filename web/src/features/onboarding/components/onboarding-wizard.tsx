import { Box, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/feedback';
import { userQueryOptions } from '../../../lib/auth';
import { organizationsQueryOptions } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import type { OnboardingProgress, OnboardingStep } from '../api/get-progress';
import { useSaveProgress } from '../api/save-progress';
import { useSkipStep } from '../api/skip-step';
import { StepList } from './step-list';
import { FiscalYearStep } from './steps/fiscal-year-step';
import { InviteTeamStep } from './steps/invite-team-step';
import { OrganizationProfileStep } from './steps/organization-profile-step';
import type { StepProps } from './steps/step-props';
import { TaxpayerTrackStep } from './steps/taxpayer-track-step';

const STEPS = schemas.ONBOARDING_STEPS;

const STEP_FORMS: Record<OnboardingStep, ComponentType<StepProps>> = {
  organization_profile: OrganizationProfileStep,
  fiscal_year: FiscalYearStep,
  taxpayer_track: TaxpayerTrackStep,
  invite_team: InviteTeamStep,
};

const FORM_ID = 'onboarding-step-form';

function firstOpenStep(progress: OnboardingProgress): OnboardingStep {
  return progress.current_step ?? progress.steps.find((s) => s.status === 'pending')?.step ?? STEPS[STEPS.length - 1]!;
}

/**
 * The setup wizard. Each step is saved as it is finished (so a person can leave and come back);
 * optional steps can be skipped; completing checks that the required ones are done.
 */
export function OnboardingWizard({ progress }: { progress: OnboardingProgress }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<OnboardingStep>(() => firstOpenStep(progress));
  const [missing, setMissing] = useState<string[]>([]);
  const save = useSaveProgress();
  const skip = useSkipStep();
  const complete = useCompleteOnboarding();

  const index = STEPS.indexOf(active);
  const isLast = index === STEPS.length - 1;
  const required = schemas.REQUIRED_ONBOARDING_STEPS.includes(active);
  const state = progress.steps.find((s) => s.step === active);
  const StepForm = STEP_FORMS[active];
  const busy = save.isPending || skip.isPending || complete.isPending;

  const finish = () =>
    complete.mutate(undefined, {
      onSuccess: async (result) => {
        if (!result.completed) {
          setMissing([...result.validation.missing_steps.map((step) => t(`onboarding.steps.${step}.title`)), ...result.validation.errors]);
          if (result.validation.missing_steps[0]) setActive(result.validation.missing_steps[0]);
          return;
        }
        storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
          queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey }),
        ]);
        notify.success(t('onboarding.completed'));
        await navigate('/', { replace: true });
      },
    });

  const advance = (next: OnboardingProgress) => {
    if (next.organization_id) {
      storage.set(STORAGE_KEYS.currentOrganizationId, next.organization_id);
      void queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey });
    }
    setMissing([]);
    if (isLast) finish();
    else setActive(STEPS[index + 1]!);
  };

  const onValid = (data: Record<string, unknown>) =>
    save.mutate(
      { step: active, data, completed: true },
      {
        onSuccess: (next) => {
          notify.success(t('onboarding.stepSaved', { step: t(`onboarding.steps.${active}.title`) }));
          advance(next);
        },
      },
    );

  return (
    <Grid columns={{ initial: '1', md: '260px 1fr' }} gap="5">
      <Box>
        <StepList progress={progress} active={active} />
      </Box>
      <Card size="4">
        <Flex direction="column" gap="4">
          <Box>
            <Text size="1" color="gray">
              {t('onboarding.stepOf', { current: index + 1, total: STEPS.length })}
            </Text>
            <Heading as="h2" size="5" mt="1">
              {t(`onboarding.steps.${active}.title`)}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {t(`onboarding.steps.${active}.description`)}
            </Text>
          </Box>
          {missing.length ? <Notice color="amber">{t('onboarding.missing', { steps: missing.join(', ') })}</Notice> : null}
          <StepForm key={active} formId={FORM_ID} initialData={state?.data ?? {}} onValid={onValid} />
          <Flex justify="between" gap="3" wrap="wrap" mt="2">
            <Button type="button" variant="soft" color="gray" disabled={index === 0 || busy} onClick={() => setActive(STEPS[index - 1]!)}>
              {t('onboarding.back')}
            </Button>
            <Flex gap="3">
              {!required ? (
                <Button
                  type="button"
                  variant="soft"
                  disabled={busy}
                  loading={skip.isPending}
                  onClick={() => skip.mutate(active, { onSuccess: advance })}
                >
                  {t('onboarding.skip')}
                </Button>
              ) : null}
              <Button type="submit" form={FORM_ID} loading={save.isPending || complete.isPending} disabled={busy}>
                {isLast ? t('onboarding.finish') : t('onboarding.saveContinue')}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </Card>
    </Grid>
  );
}
