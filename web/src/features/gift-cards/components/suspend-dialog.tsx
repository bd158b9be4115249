import { Button, Dialog, Flex } from '@radix-ui/themes';
import { giftCardSuspend } from '@daftar/shared/schemas/giftCards';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import type { GiftCard } from '../api/keys';
import { useSuspendGiftCard } from '../api/suspend-gift-card';
import { FormAlert, showFailure } from './form-parts';

/** Stop an active card (lost, disputed) with the reason; its balance stays. Mounted while open. */
export function SuspendDialog({ organizationId, card, onClose }: { organizationId: string; card: GiftCard; onClose: () => void }) {
  const { t } = useTranslation();
  const suspend = useSuspendGiftCard();
  const form = useZodForm(giftCardSuspend, { defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((data) =>
    suspend.mutate(
      { organizationId, giftCardId: card.id, data },
      {
        onSuccess: () => {
          notify.success(t('giftCards.suspend.suspended'));
          onClose();
        },
        onError: (error) => showFailure(form, error),
      },
    ),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('giftCards.suspend.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('giftCards.suspend.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('giftCards.suspend.title')}>
          <Flex direction="column" gap="4">
            <FormAlert message={form.formState.errors.root?.message} />
            <FormTextAreaInput form={form} name="reason" label={t('giftCards.suspend.reason')} hint={t('giftCards.suspend.reasonHint')} dir="auto" rows={2} required autoFocus />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="amber" loading={suspend.isPending}>
                {t('giftCards.suspend.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
