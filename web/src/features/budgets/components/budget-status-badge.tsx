import { Badge } from '@radix-ui/themes';
import type { BudgetStatus } from '@daftar/shared/schemas/budgets';
import { useTranslation } from 'react-i18next';

const COLORS = { draft: 'gray', active: 'green', closed: 'blue' } as const;

export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`budgets.statuses.${status}`)}</Badge>;
}
