import { Badge } from '@radix-ui/themes';
import type { JournalEntryStatus } from '@daftar/shared/schemas/accounting';
import { useTranslation } from 'react-i18next';

const COLORS = { draft: 'gray', posted: 'green', reversed: 'amber' } as const satisfies Record<JournalEntryStatus, string>;

export function EntryStatusBadge({ status }: { status: JournalEntryStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`journal.statuses.${status}`)}</Badge>;
}
