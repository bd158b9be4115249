import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Grid } from '@radix-ui/themes';
import { accountingPeriodCreate } from '@daftar/shared/schemas/accounting';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../lib/notify';
import { translateValidationMessage } from '../../../lib/validation';
import { useCreatePeriod } from '../api/create-period';

const empty = () => ({ name: '', start_date: '', end_date: '' });

/** Define a month, a quarter or a year (admins); periods do not overlap. */
export function CreatePeriodDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const create = useCreatePeriod();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<DocumentErrors>({});

  const translate = (message: string, path: string) => {
    if (path === 'start_date' || path === 'end_date') {
      if (message === 'start_date must not be after end_date') return t('journal.periods.errors.endBeforeStart');
      return t('journal.periods.errors.date');
    }
    return translateValidationMessage(message);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(empty());
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountingPeriodCreate.safeParse({ name: values.name.trim() || null, start_date: values.start_date, end_date: values.end_date });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    setErrors({});
    create.mutate(
      { organizationId, data: parsed.data },
      {
        onSuccess: (period) => {
          notify.success(t('journal.periods.created', { name: period.name }));
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const fieldErrors = errorsFromValidationDetail(error.body, translate);
            if (fieldErrors) return setErrors(fieldErrors);
          }
          if (error instanceof ApiError && error.status === 409) return setErrors({ form: error.detail ?? t('errors.generic') });
          notifyError(error);
        },
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            {errors.form ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{errors.form}</Callout.Text>
              </Callout.Root>
            ) : null}
            <TextInput
              label={t('journal.periods.name')}
              name="name"
              value={values.name}
              error={errors.name}
              hint={t('journal.periods.nameHint')}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
            />
            <Grid columns="2" gap="4">
              <TextInput label={t('journal.periods.start')} type="date" name="start_date" required value={values.start_date} error={errors.start_date} onChange={(e) => setValues({ ...values, start_date: e.target.value })} />
              <TextInput label={t('journal.periods.end')} type="date" name="end_date" required value={values.end_date} error={errors.end_date} onChange={(e) => setValues({ ...values, end_date: e.target.value })} />
            </Grid>
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending}>
                {t('journal.periods.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
