import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../../components/fields';
import type { Organization } from '../../../lib/organizations';
import { CATEGORY_FILTERS, type CatalogueReport, type CategoryFilter } from '../utils/catalogue';
import type { PeriodChoice } from '../utils/periods';
import { PeriodSelector } from './period-selector';
import { QuickActions } from './quick-actions';
import { ReportCard } from './report-card';
import { SummaryStrip } from './summary-strip';

export interface AllReportsFilters {
  search: string;
  category: CategoryFilter;
  period: PeriodChoice;
}

/** SPEC §2 All Reports: summary strip, search, category and period, the cards, Quick Actions. */
export function AllReportsTab({
  organization,
  filters,
  onFiltersChange,
  reports,
  periodValid,
  onCustomReport,
}: {
  organization: Organization;
  filters: AllReportsFilters;
  onFiltersChange: (filters: AllReportsFilters) => void;
  reports: readonly CatalogueReport[];
  periodValid: boolean;
  onCustomReport: () => void;
}) {
  const { t } = useTranslation();
  const calendar = { timezone: organization.timezone, fiscal_year_start_month: organization.fiscal_year_start_month };
  return (
    <Flex direction="column" gap="5" pt="4">
      <SummaryStrip />
      <Flex gap="4" wrap="wrap" align="start">
        <div style={{ flex: '1 1 260px' }}>
          <TextInput
            type="search"
            label={t('reports.search.label')}
            placeholder={t('reports.search.placeholder')}
            value={filters.search}
            onChange={(e) => onFiltersChange({ ...filters, search: e.target.value })}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextInput>
        </div>
        <SelectInput
          label={t('reports.categoryFilter.label')}
          name="category"
          value={filters.category}
          onChange={(e) => onFiltersChange({ ...filters, category: e.target.value as CategoryFilter })}
          options={CATEGORY_FILTERS.map((category) => ({ value: category, label: t(`reports.categoryFilter.options.${category}`) }))}
        />
        <PeriodSelector value={filters.period} onChange={(period) => onFiltersChange({ ...filters, period })} calendar={calendar} />
      </Flex>
      <Grid columns={{ initial: '1', md: '3' }} gap="5" align="start">
        <Box gridColumn={{ initial: '1', md: 'span 2' }} minWidth="0">
          {reports.length === 0 ? (
            <Flex direction="column" align="center" gap="3" py="8" role="status">
              <Text color="gray">{t('reports.empty.text')}</Text>
              <Button variant="soft" onClick={() => onFiltersChange({ ...filters, search: '', category: 'all' })}>
                {t('reports.empty.clear')}
              </Button>
            </Flex>
          ) : (
            <Grid columns={{ initial: '1', sm: '2' }} gap="4" role="list" aria-label={t('reports.grid.label')}>
              {reports.map((report) => (
                <div role="listitem" key={report.id} style={{ display: 'grid' }}>
                  <ReportCard report={report} organizationId={organization.id} period={filters.period} periodValid={periodValid} />
                </div>
              ))}
            </Grid>
          )}
        </Box>
        <QuickActions organization={organization} period={filters.period} periodValid={periodValid} onCustomReport={onCustomReport} />
      </Grid>
    </Flex>
  );
}
