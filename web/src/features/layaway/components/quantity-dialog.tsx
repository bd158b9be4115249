import { layawayItemUpdate } from '@daftar/shared/schemas/layaway';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import type { Layaway, LayawayItem } from '../api/keys';
import { useUpdateLayawayItem } from '../api/update-layaway-item';
import { ActionDialog, closeAfter } from './form-parts';

/**
 * A line's new quantity while the layaway is active: the reservation follows it in the same write
 * (409 when the shelf does not hold more), and the schedule's instalments are spread again.
 */
export function QuantityDialog({ organizationId, layaway, item, name, onClose }: { organizationId: string; layaway: Layaway; item: LayawayItem; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateLayawayItem();
  const form = useZodForm<typeof layawayItemUpdate, { quantity: string }>(layawayItemUpdate, {
    defaultValues: { quantity: item.quantity },
    prepare: (values) => ({ quantity: values.quantity.trim() }),
  });
  const onSubmit = form.handleSubmit((data) =>
    update.mutate({ organizationId, layawayId: layaway.id, itemId: item.id, data }, closeAfter(form, onClose, () => t('layaway.items.changed', { name }))),
  );
  return (
    <ActionDialog
      title={t('layaway.items.changeTitle', { name })}
      description={t('layaway.items.changeDescription')}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('layaway.items.save')}
      busy={update.isPending}
    >
      <FormTextInput form={form} name="quantity" label={t('layaway.items.quantity')} inputMode="decimal" dir="ltr" autoComplete="off" required autoFocus />
    </ActionDialog>
  );
}
