import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import { accountingPeriodCreate } from '@daftar/shared/schemas/accounting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreatePeriod } from '../api/create-period';

const empty = () => ({ name: '', start_date: '', end_date: '' });

const schema = payloadSchema(accountingPeriodCreate, (values: ReturnType<typeof empty>) => ({
  name: textOrNull(values.name),
  start_date: values.start_date,
  end_date: values.end_date,
}));

/** Define a month, a quarter or a year (admins); periods do not overlap. */
export function CreatePeriodDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const create = useCreatePeriod();
  const [open, setOpen] = useState(false);
  /** A date's message by its code: the end before the start is the schema's own refinement. */
  const message = ({ path, code, type }: { path: string; code?: string; type?: string }) => {
    if (path !== 'start_date' && path !== 'end_date') return undefined;
    return (code ?? type) === 'custom' ? t('journal.periods.errors.endBeforeStart') : t('journal.periods.errors.date');
  };
  const form = useZodForm(schema, { defaultValues: empty(), messages: message });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(empty());
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let period;
    try {
      period = await create.mutateAsync({ organizationId, data });
    } catch (error) {
      // A conflict (the period overlaps another) is about the whole period: said above the fields.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('root.server', { type: 'conflict', message: error.detail ?? t('errors.generic') });
        return;
      }
      return reportFormFailure(form, error, { message, unplaced: 'form' });
    }
    notify.success(t('journal.periods.created', { name: period.name }));
    onOpenChange(false);
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button>{t('journal.periods.new')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="500px">
        <Dialog.Title>{t('journal.periods.new')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('journal.periods.newDescription')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            {formAlert(form) ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{formAlert(form)}</Callout.Text>
              </Callout.Root>
            ) : null}
            <FormTextInput form={form} name="name" label={t('journal.periods.name')} hint={t('journal.periods.nameHint')} />
            <Grid columns="2" gap="4">
              <FormTextInput form={form} name="start_date" label={t('journal.periods.start')} type="date" required />
              <FormTextInput form={form} name="end_date" label={t('journal.periods.end')} type="date" required />
            </Grid>
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || create.isPending}>
                {t('journal.periods.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
