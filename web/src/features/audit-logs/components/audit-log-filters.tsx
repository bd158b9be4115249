import { Button, Card, Flex, Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput, type Option } from '../../../components/fields';
import { useZodForm } from '../../../lib/forms';
import { withoutEmpty } from '../../../lib/validation';
import type { AuditLogFilters as Filters } from '../api/get-audit-logs';

const EMPTY = { action: '', user_id: '', start_date: '', end_date: '' };
type Values = typeof EMPTY;

/** The filters the list is asked for: the ones filled in. */
const filtersOf = (values: Values) => withoutEmpty({ ...values, action: values.action.trim() });

export function AuditLogFilters({ users, onApply }: { users: readonly Option[]; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const form = useZodForm<typeof schemas.auditLogQuery, Values>(schemas.auditLogQuery, { defaultValues: EMPTY, prepare: filtersOf });

  // The list is asked for the filters as typed (the schema's paging defaults are the list's own).
  const onSubmit = form.handleSubmit(() => onApply(filtersOf(form.getValues())));

  return (
    <Card>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('auditLog.filters')}>
        <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
          <FormTextInput form={form} name="action" label={t('auditLog.action')} hint={t('auditLog.actionHint')} />
          <FormSelectInput form={form} name="user_id" label={t('auditLog.user')} options={[{ value: '', label: t('common.all') }, ...users]} />
          <FormTextInput form={form} name="start_date" label={t('auditLog.from')} type="date" />
          <FormTextInput form={form} name="end_date" label={t('auditLog.to')} type="date" />
        </Grid>
        <Flex gap="2" justify="end" mt="3">
          <Button
            type="button"
            variant="soft"
            color="gray"
            onClick={() => {
              form.reset(EMPTY);
              onApply({});
            }}
          >
            {t('auditLog.clear')}
          </Button>
          <Button type="submit">{t('auditLog.apply')}</Button>
        </Flex>
      </form>
    </Card>
  );
}
