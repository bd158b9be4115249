import { Badge } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { PromotionStatus } from '../api/keys';

const COLORS: Record<PromotionStatus, 'gray' | 'green' | 'amber' | 'red'> = {
  draft: 'gray',
  active: 'green',
  paused: 'amber',
  ended: 'red',
};

export function PromotionStatusBadge({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`promotions.status.${status}`)}</Badge>;
}
