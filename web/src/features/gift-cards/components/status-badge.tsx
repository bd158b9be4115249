import { Badge } from '@radix-ui/themes';
import type { GiftCardStatus } from '@daftar/shared/schemas/giftCards';
import { useTranslation } from 'react-i18next';

const COLORS: Record<GiftCardStatus, 'gray' | 'green' | 'amber' | 'red' | 'orange'> = {
  pending: 'gray',
  active: 'green',
  suspended: 'amber',
  deactivated: 'red',
  expired: 'orange',
};

export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`giftCards.status.${status}`)}</Badge>;
}
