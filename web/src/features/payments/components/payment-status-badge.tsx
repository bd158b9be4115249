import { Badge } from '@radix-ui/themes';
import type { PaymentStatus } from '@daftar/shared/schemas/payments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Badge color={status === 'void' ? 'red' : 'green'}>{t(`payments.statuses.${status}`)}</Badge>;
}

/** A void payment's figures stay readable but struck through: they no longer count. */
export function VoidAware({ isVoid, children }: { isVoid: boolean; children: ReactNode }) {
  return isVoid ? <s>{children}</s> : <>{children}</>;
}
