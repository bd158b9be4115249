import { Badge } from '@radix-ui/themes';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, 'gray' | 'blue' | 'indigo' | 'amber' | 'green' | 'red'> = {
  draft: 'gray',
  confirmed: 'blue',
  sent: 'indigo',
  partially_paid: 'amber',
  paid: 'green',
  cancelled: 'red',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`invoices.statuses.${status}`)}</Badge>;
}
