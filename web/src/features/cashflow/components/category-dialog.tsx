import { Text } from '@radix-ui/themes';
import { cashFlowCategoryUpdate } from '@daftar/shared/schemas/cashflow';
import { useTranslation } from 'react-i18next';
import { FormSelectInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import type { CashFlowLine } from '../api/keys';
import { useUpdateCashFlowCategory } from '../api/update-cash-flow-category';
import { ActionDialog, closeAfter } from './form-parts';
import { categoryLabel, categoryOptions, type CashFlowCategory } from './labels';

/**
 * Re-categorise a line: what the money was for. A transfer only moves money between the
 * organization's own accounts, so it is neither offered as a target nor opened here. Mounted while open.
 */
export function CategoryDialog({ organizationId, line, onClose }: { organizationId: string; line: CashFlowLine; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCashFlowCategory();
  const form = useZodForm(cashFlowCategoryUpdate, { defaultValues: { cash_flow_category: line.cash_flow_category } });
  const onSubmit = form.handleSubmit((data) => {
    const category = data.cash_flow_category as CashFlowCategory;
    update.mutate(
      { organizationId, transactionId: line.id, category },
      closeAfter(form, onClose, () => t('cashFlow.category.saved', { category: categoryLabel(t, category) })),
    );
  });
  return (
    <ActionDialog
      title={t('cashFlow.category.title')}
      description={t('cashFlow.category.description')}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('cashFlow.category.submit')}
      busy={update.isPending}
    >
      <FormSelectInput form={form} name="cash_flow_category" label={t('cashFlow.category.label')} options={categoryOptions(t, { withTransfers: false })} />
      {line.original_category ? (
        <Text size="2" color="gray">
          {t('cashFlow.category.original', { category: categoryLabel(t, line.original_category) })}
        </Text>
      ) : null}
    </ActionDialog>
  );
}
