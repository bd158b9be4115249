import { giftCardSuspend } from '@daftar/shared/schemas/giftCards';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import type { GiftCard } from '../api/keys';
import { useSuspendGiftCard } from '../api/suspend-gift-card';
import { CardActionDialog, closeAfter } from './card-action-dialog';

/** Stop an active card (lost, disputed) with the reason; its balance stays. Mounted while open. */
export function SuspendDialog({ organizationId, card, onClose }: { organizationId: string; card: GiftCard; onClose: () => void }) {
  const { t } = useTranslation();
  const suspend = useSuspendGiftCard();
  const form = useZodForm(giftCardSuspend, { defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((data) =>
    suspend.mutate({ organizationId, giftCardId: card.id, data }, closeAfter(form, onClose, () => t('giftCards.suspend.suspended'))),
  );
  return (
    <CardActionDialog
      title={t('giftCards.suspend.title')}
      description={t('giftCards.suspend.description')}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('giftCards.suspend.submit')}
      submitColor="amber"
      busy={suspend.isPending}
    >
      <FormTextAreaInput form={form} name="reason" label={t('giftCards.suspend.reason')} hint={t('giftCards.suspend.reasonHint')} dir="auto" rows={2} required autoFocus />
    </CardActionDialog>
  );
}
