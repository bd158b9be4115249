import { Badge } from '@radix-ui/themes';
import type { LayawayInstalmentStatus, LayawayStatus } from '@daftar/shared/schemas/layaway';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LayawayStatus, 'blue' | 'green' | 'gray'> = { active: 'blue', completed: 'green', cancelled: 'gray' };

export function LayawayStatusBadge({ status }: { status: LayawayStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`layaway.status.${status}`)}</Badge>;
}

/** Overdue is a flag on an active layaway (an instalment past its date and not fully paid), not a status. */
export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="solid" data-testid="overdue-badge">
      {t('layaway.overdue')}
    </Badge>
  );
}

const INSTALMENT_COLORS: Record<LayawayInstalmentStatus, 'green' | 'amber' | 'gray' | 'red'> = { paid: 'green', partly_paid: 'amber', due: 'gray', overdue: 'red' };

export function InstalmentBadge({ status }: { status: LayawayInstalmentStatus }) {
  const { t } = useTranslation();
  return <Badge color={INSTALMENT_COLORS[status]}>{t(`layaway.instalmentStatus.${status}`)}</Badge>;
}
