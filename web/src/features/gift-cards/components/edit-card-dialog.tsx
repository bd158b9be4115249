import { Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { GIFT_CARD_DESIGNS, giftCardUpdate } from '@daftar/shared/schemas/giftCards';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import type { GiftCard } from '../api/keys';
import { useUpdateGiftCard } from '../api/update-gift-card';
import { CardActionDialog, closeAfter } from './card-action-dialog';
import { typed, typedOrNull } from './form-parts';

export interface EditValues {
  notes: string;
  reference_id: string;
  expires_on: string;
  design_template: string;
  pin: string;
  remove_pin: boolean;
}

const valuesOf = (card: GiftCard): EditValues => ({
  notes: card.notes ?? '',
  reference_id: card.reference_id ?? '',
  expires_on: card.expires_on ?? '',
  design_template: card.design_template,
  pin: '',
  remove_pin: false,
});

/** A card at its end (deactivated, expired) keeps its expiry and PIN: only its notes and reference change. */
export const isClosed = (card: Pick<GiftCard, 'status'>) => card.status === 'deactivated' || card.status === 'expired';

/**
 * The PUT body: only what changed (a closed card refuses any expiry or PIN in the body, even an
 * unchanged one). A blank field the card had is cleared (null); a new PIN replaces the old one,
 * and "remove" sends null, which also ends a lock-out.
 */
export function editBodyOf(card: GiftCard, values: EditValues) {
  const body: Record<string, unknown> = {};
  const changed = (key: 'notes' | 'reference_id' | 'expires_on', before: string | null) => {
    const after = typedOrNull(values[key]);
    if (after !== (before ?? null)) body[key] = after;
  };
  changed('notes', card.notes);
  changed('reference_id', card.reference_id);
  if (!isClosed(card)) {
    changed('expires_on', card.expires_on);
    if (values.design_template !== card.design_template) body.design_template = values.design_template;
    if (values.remove_pin) body.pin = null;
    else if (typed(values.pin)) body.pin = values.pin.trim();
  }
  return body;
}

/** Edit a card's notes, reference, expiry, design and PIN. Mounted while open. */
export function EditCardDialog({ organizationId, card, onClose }: { organizationId: string; card: GiftCard; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateGiftCard();
  const closed = isClosed(card);
  const form = useZodForm<typeof giftCardUpdate, EditValues>(giftCardUpdate, { defaultValues: valuesOf(card), prepare: (values) => editBodyOf(card, values) });
  const removePin = useWatch({ control: form.control, name: 'remove_pin' });

  const onSubmit = form.handleSubmit((data) => {
    if (Object.keys(data).length === 0) return onClose();
    update.mutate({ organizationId, giftCardId: card.id, data }, closeAfter(form, onClose, () => t('giftCards.edit.saved')));
  });

  return (
    <CardActionDialog
      title={t('giftCards.edit.title')}
      description={closed ? t('giftCards.edit.onlyNotes', { status: t(`giftCards.status.${card.status}`) }) : t('giftCards.edit.description')}
      maxWidth="560px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('common.saveChanges')}
      busy={update.isPending}
    >
      {closed ? null : (
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <FormTextInput form={form} name="expires_on" label={t('giftCards.edit.expires')} hint={t('giftCards.edit.expiresHint')} type="date" />
          <FormSelectInput form={form} name="design_template" label={t('giftCards.edit.design')} options={GIFT_CARD_DESIGNS.map((value) => ({ value, label: t(`giftCards.designs.${value}`) }))} />
          <FormTextInput
            form={form}
            name="pin"
            label={t('giftCards.edit.pin')}
            hint={t('giftCards.edit.pinHint')}
            type="password"
            inputMode="numeric"
            dir="ltr"
            autoComplete="new-password"
            maxLength={6}
            disabled={removePin}
          />
          {card.has_pin ? (
            <Flex align="center" pt={{ initial: '0', sm: '5' }}>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox checked={removePin} onCheckedChange={(value) => form.setValue('remove_pin', value === true, { shouldDirty: true })} />
                  {t('giftCards.edit.removePin')}
                </Flex>
              </Text>
            </Flex>
          ) : null}
        </Grid>
      )}
      <FormTextInput form={form} name="reference_id" label={t('giftCards.edit.reference')} dir="auto" autoComplete="off" maxLength={100} />
      <FormTextAreaInput form={form} name="notes" label={t('giftCards.edit.notes')} dir="auto" rows={3} />
    </CardActionDialog>
  );
}
