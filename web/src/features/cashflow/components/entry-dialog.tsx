import { Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { cashFlowManualCreate, CASH_FLOW_DIRECTIONS } from '@daftar/shared/schemas/cashflow';
import { todayInZone } from '@daftar/shared/reportPeriods';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDisplayName } from '../../../lib/names';
import { useLedgerAccounts } from '../../banking/api/get-ledger-accounts';
import { useCreateCashFlowEntry } from '../api/create-cash-flow-entry';
import type { CashFlowLine } from '../api/keys';
import { useUpdateCashFlowEntry } from '../api/update-cash-flow-entry';
import { ActionDialog, AmountField, closeAfter, typed } from './form-parts';
import { categoryOptions, isCashAccount } from './labels';

export interface EntryValues {
  date: string;
  amount: string;
  direction: 'in' | 'out';
  cash_flow_category: string;
  description: string;
  account_id: string;
  is_planned: boolean;
}

/** The body as the schema takes it: the amount's size as typed (its direction says which way), a blank account left out. */
export const entryBodyOf = (values: EntryValues) => ({
  date: values.date,
  amount: values.amount.trim(),
  direction: values.direction,
  cash_flow_category: values.cash_flow_category,
  description: values.description.trim(),
  account_id: typed(values.account_id) ?? null,
  is_planned: values.is_planned,
});

const valuesOf = (line: CashFlowLine | null, today: string): EntryValues =>
  line
    ? {
        date: line.date,
        amount: line.amount.replace(/^-/, ''),
        direction: line.direction,
        cash_flow_category: line.cash_flow_category,
        description: line.description ?? '',
        account_id: line.account_id ?? '',
        is_planned: line.is_planned,
      }
    : { date: today, amount: '', direction: 'out', cash_flow_category: 'expenses', description: '', account_id: '', is_planned: true };

interface EntryDialogProps {
  organizationId: string;
  currency: string;
  timezone?: string;
  /** The manual entry to change; null adds one. */
  line: CashFlowLine | null;
  onClose: () => void;
}

/**
 * A manual entry: a receipt or payment the owner expects (planned: the forecast counts it on its
 * date) or money that moved off the books. It never touches the ledger. Mounted while open.
 */
export function EntryDialog({ organizationId, currency, timezone, line, onClose }: EntryDialogProps) {
  const { t } = useTranslation();
  const create = useCreateCashFlowEntry();
  const update = useUpdateCashFlowEntry();
  const accounts = useLedgerAccounts(organizationId);
  const name = useDisplayName();
  // One key per opening: a double click adds one entry.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm<typeof cashFlowManualCreate, EntryValues>(cashFlowManualCreate, { defaultValues: valuesOf(line, todayInZone(timezone)), prepare: entryBodyOf });

  const onSubmit = form.handleSubmit((data) => {
    if (line) update.mutate({ organizationId, transactionId: line.id, data }, closeAfter(form, onClose, () => t('cashFlow.entry.saved')));
    else create.mutate({ organizationId, data, idempotencyKey }, closeAfter(form, onClose, () => t('cashFlow.entry.added')));
  });

  const accountOptions = [
    { value: '', label: t('cashFlow.entry.noAccount') },
    ...(accounts.data ?? []).filter(isCashAccount).map((a) => ({ value: a.id, label: `${a.code} · ${name(a.name, a.name_ar)}` })),
  ];

  return (
    <ActionDialog
      title={line ? t('cashFlow.entry.editTitle') : t('cashFlow.entry.addTitle')}
      description={t('cashFlow.entry.description')}
      maxWidth="600px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={line ? t('cashFlow.entry.submitEdit') : t('cashFlow.entry.submitAdd')}
      busy={create.isPending || update.isPending}
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormTextInput form={form} name="date" label={t('cashFlow.entry.date')} type="date" required />
        <AmountField form={form} name="amount" labelKey="cashFlow.entry.amount" currency={currency} autoFocus={false} />
        <FormSelectInput form={form} name="direction" label={t('cashFlow.entry.direction')} options={CASH_FLOW_DIRECTIONS.map((d) => ({ value: d, label: t(`cashFlow.directions.${d}`) }))} />
        <FormSelectInput form={form} name="cash_flow_category" label={t('cashFlow.entry.category')} options={categoryOptions(t, { withTransfers: false })} />
        <FormTextInput form={form} name="description" label={t('cashFlow.entry.what')} dir="auto" required />
        <FormSelectInput form={form} name="account_id" label={t('cashFlow.entry.account')} options={accountOptions} />
      </Grid>
      <Controller
        control={form.control}
        name="is_planned"
        render={({ field }) => (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
              {t('cashFlow.entry.planned')}
            </Flex>
          </Text>
        )}
      />
    </ActionDialog>
  );
}
