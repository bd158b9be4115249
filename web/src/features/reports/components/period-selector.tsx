import { Flex, Text } from '@radix-ui/themes';
import { REPORT_PERIODS } from '@daftar/shared/reportPeriods';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../../components/fields';
import { formatDate } from '../../../lib/format';
import { periodProblem, periodRange, type OrganizationCalendar, type PeriodChoice } from '../utils/periods';

/**
 * current_month … last_year and Custom Range with its two dates. Under it, the dates the period
 * covers in the organization's calendar, so "current quarter" of a fiscal year starting in April
 * reads as what it is.
 */
export function PeriodSelector({
  value,
  onChange,
  calendar,
  label,
}: {
  value: PeriodChoice;
  onChange: (value: PeriodChoice) => void;
  calendar: OrganizationCalendar;
  label?: string;
}) {
  const { t } = useTranslation();
  const problem = periodProblem(value, calendar);
  const range = periodRange(value, calendar);
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" wrap="wrap" align="end">
        <SelectInput
          label={label ?? t('reports.period.label')}
          name="period"
          value={value.period}
          onChange={(e) => onChange({ ...value, period: e.target.value as PeriodChoice['period'] })}
          options={REPORT_PERIODS.map((period) => ({ value: period, label: t(`reports.period.options.${period}`) }))}
        />
        {value.period === 'custom' ? (
          <>
            <TextInput
              type="date"
              label={t('reports.period.from')}
              name="custom_start"
              value={value.custom_start}
              max={value.custom_end || undefined}
              onChange={(e) => onChange({ ...value, custom_start: e.target.value })}
              error={problem === 'customRequired' && !value.custom_start ? t('reports.period.customRequired') : undefined}
            />
            <TextInput
              type="date"
              label={t('reports.period.to')}
              name="custom_end"
              value={value.custom_end}
              min={value.custom_start || undefined}
              onChange={(e) => onChange({ ...value, custom_end: e.target.value })}
              error={
                problem === 'dateRange'
                  ? t('validation.dateRange')
                  : problem === 'customRequired' && !value.custom_end
                    ? t('reports.period.customRequired')
                    : undefined
              }
            />
          </>
        ) : null}
      </Flex>
      {range ? (
        <Text size="1" color="gray">
          {t('reports.period.covers', { from: formatDate(range.from), to: formatDate(range.to) })}
        </Text>
      ) : null}
    </Flex>
  );
}
