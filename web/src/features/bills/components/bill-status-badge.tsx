import { Badge } from '@radix-ui/themes';
import type { BillStatus } from '@daftar/shared/schemas/bills';
import { useTranslation } from 'react-i18next';

const COLORS: Record<BillStatus, 'gray' | 'blue' | 'amber' | 'green' | 'red'> = {
  draft: 'gray',
  confirmed: 'blue',
  partially_paid: 'amber',
  paid: 'green',
  cancelled: 'red',
};

export function BillStatusBadge({ status }: { status: BillStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`bills.statuses.${status}`)}</Badge>;
}
