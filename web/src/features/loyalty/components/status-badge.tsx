import { Badge } from '@radix-ui/themes';
import type { LoyaltyProgramStatus } from '@daftar/shared/schemas/loyalty';
import { useTranslation } from 'react-i18next';

export function ProgramStatusBadge({ status }: { status: LoyaltyProgramStatus }) {
  const { t } = useTranslation();
  return <Badge color={status === 'active' ? 'green' : 'gray'}>{t(`loyalty.status.${status}`)}</Badge>;
}

export function MemberStatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation();
  return <Badge color={status === 'active' ? 'green' : 'amber'}>{t(`loyalty.memberStatus.${status}`)}</Badge>;
}
