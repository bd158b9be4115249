import { Button, Card, Flex, Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput, type Option } from '../../../components/fields';
import { validateForm, withoutEmpty, type FieldErrors } from '../../../lib/validation';
import type { AuditLogFilters as Filters } from '../api/get-audit-logs';

const EMPTY = { action: '', user_id: '', start_date: '', end_date: '' };

export function AuditLogFilters({ users, onApply }: { users: readonly Option[]; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const filters = withoutEmpty({ ...values, action: values.action.trim() });
    const result = validateForm(schemas.auditLogQuery, filters);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    onApply(filters);
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label={t('auditLog.filters')}>
        <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
          <TextInput
            label={t('auditLog.action')}
            name="action"
            value={values.action}
            error={errors.action}
            hint={t('auditLog.actionHint')}
            onChange={(e) => setValues({ ...values, action: e.target.value })}
          />
          <SelectInput
            label={t('auditLog.user')}
            name="user_id"
            value={values.user_id}
            onChange={(e) => setValues({ ...values, user_id: e.target.value })}
            options={[{ value: '', label: t('common.all') }, ...users]}
          />
          <TextInput label={t('auditLog.from')} type="date" name="start_date" value={values.start_date} error={errors.start_date} onChange={(e) => setValues({ ...values, start_date: e.target.value })} />
          <TextInput label={t('auditLog.to')} type="date" name="end_date" value={values.end_date} error={errors.end_date} onChange={(e) => setValues({ ...values, end_date: e.target.value })} />
        </Grid>
        <Flex gap="2" justify="end" mt="3">
          <Button
            type="button"
            variant="soft"
            color="gray"
            onClick={() => {
              setValues(EMPTY);
              setErrors({});
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
