import { Badge } from '@radix-ui/themes';
import type { ExpenseStatus } from '@daftar/shared/schemas/expenses';
import { useTranslation } from 'react-i18next';

const COLORS = { draft: 'gray', submitted: 'amber', approved: 'green', rejected: 'red' } as const;

export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`expenses.statuses.${status}`)}</Badge>;
}
