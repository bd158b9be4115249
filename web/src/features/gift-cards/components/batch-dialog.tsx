import { Button, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { GIFT_CARD_BULK_MAX, GIFT_CARD_DESIGNS, GIFT_CARD_TYPES, giftCardBulkCreate } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatNumber } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useBulkCreateGiftCards } from '../api/bulk-create-gift-cards';
import type { GiftCard } from '../api/keys';
import { actionOutcome, CardActionForm, CardDialog } from './card-action-dialog';
import { CardNumber } from './card-number';
import { typed } from './form-parts';
import { giftCardPath } from './paths';

export interface BatchValues {
  count: string;
  gift_card_type: string;
  design_template: string;
  expires_on: string;
  notes: string;
}

/** The bulk-create body: the count as a number (blank is left out, and the schema asks for it). */
export const batchBodyOf = (values: BatchValues) => ({
  count: values.count.trim() === '' ? undefined : Number(values.count.trim()),
  gift_card_type: values.gift_card_type,
  design_template: values.design_template,
  expires_on: typed(values.expires_on),
  notes: typed(values.notes),
});

/**
 * A printed batch: pending cards that hold and post nothing until each is activated. Once made, the
 * dialog lists their numbers (for the printer) instead of the form. Mounted while open.
 */
export function BatchDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useBulkCreateGiftCards();
  const [created, setCreated] = useState<GiftCard[] | null>(null);
  const form = useZodForm<typeof giftCardBulkCreate, BatchValues>(giftCardBulkCreate, {
    defaultValues: { count: '', gift_card_type: 'physical', design_template: 'classic', expires_on: '', notes: '' },
    prepare: batchBodyOf,
  });

  const onSubmit = form.handleSubmit((data) =>
    create.mutate({ organizationId, data }, actionOutcome(form, (answer) => setCreated(answer.data))),
  );

  return (
    <CardDialog title={t('giftCards.batch.title')} description={t('giftCards.batch.description')} maxWidth="560px" onClose={onClose}>
      {created ? (
        <Flex direction="column" gap="3">
          <Text size="2" weight="medium" role="status">
            {t('giftCards.batch.created', { count: created.length, number: formatNumber(created.length) })}
          </Text>
          <Heading as="h3" size="2" id="batch-numbers">
            {t('giftCards.batch.numbers')}
          </Heading>
          <ol aria-labelledby="batch-numbers" className="gift-card-batch-numbers" style={{ margin: 0, paddingInlineStart: 'var(--space-5)', maxHeight: 280, overflowY: 'auto' }}>
            {created.map((card) => (
              <li key={card.id}>
                <RadixLink asChild size="2">
                  <Link to={giftCardPath(card.id)} onClick={onClose}>
                    <CardNumber cardNumber={card.card_number} />
                  </Link>
                </RadixLink>
              </li>
            ))}
          </ol>
          <Flex justify="end">
            <Button onClick={onClose}>{t('giftCards.batch.done')}</Button>
          </Flex>
        </Flex>
      ) : (
        <CardActionForm label={t('giftCards.batch.title')} onSubmit={onSubmit} form={form} submitLabel={t('giftCards.batch.submit')} busy={create.isPending}>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput
              form={form}
              name="count"
              label={t('giftCards.batch.count')}
              hint={t('giftCards.batch.countHint', { max: formatNumber(GIFT_CARD_BULK_MAX) })}
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              required
              autoFocus
            />
            <FormSelectInput form={form} name="gift_card_type" label={t('giftCards.batch.type')} options={GIFT_CARD_TYPES.map((value) => ({ value, label: t(`giftCards.types.${value}`) }))} />
            <FormSelectInput form={form} name="design_template" label={t('giftCards.batch.design')} options={GIFT_CARD_DESIGNS.map((value) => ({ value, label: t(`giftCards.designs.${value}`) }))} />
            <FormTextInput form={form} name="expires_on" label={t('giftCards.batch.expires')} type="date" />
          </Grid>
          <FormTextAreaInput form={form} name="notes" label={t('giftCards.batch.notes')} dir="auto" rows={2} />
        </CardActionForm>
      )}
    </CardDialog>
  );
}
