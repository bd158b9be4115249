import { Badge } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { SubmissionState } from '../api/get-submission';

type BadgeColor = 'gray' | 'blue' | 'cyan' | 'green' | 'red' | 'orange' | 'amber';

export const STATE_COLORS: Record<SubmissionState, BadgeColor> = {
  not_submitted: 'gray',
  queued: 'blue',
  submitting: 'cyan',
  submitted: 'green',
  rejected: 'red',
  failed: 'orange',
  credentials_invalid: 'amber',
};

export function SubmissionStateBadge({ state }: { state: SubmissionState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} size="2" data-state={state}>
      {t(`eInvoicing.states.${state}`)}
    </Badge>
  );
}
