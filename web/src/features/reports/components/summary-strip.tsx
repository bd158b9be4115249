import { Card, Grid, Text } from '@radix-ui/themes';
import { REPORT_CATALOGUE } from '@daftar/shared/schemas/reportCatalogue';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { CATEGORY_COUNT } from '../utils/catalogue';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card role="listitem" aria-label={`${label}: ${formatNumber(value)}`}>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold">
        {formatNumber(value)}
      </Text>
    </Card>
  );
}

/** SPEC §2: Available Reports, Popular Reports, Categories (fixed at 4), New Reports — of the whole catalogue. */
export function SummaryStrip() {
  const { t } = useTranslation();
  return (
    <Grid columns={{ initial: '2', sm: '4' }} gap="3" role="list" aria-label={t('reports.summary.label')}>
      <Figure label={t('reports.summary.available')} value={REPORT_CATALOGUE.length} />
      <Figure label={t('reports.summary.popular')} value={REPORT_CATALOGUE.filter((r) => r.popular).length} />
      <Figure label={t('reports.summary.categories')} value={CATEGORY_COUNT} />
      <Figure label={t('reports.summary.new')} value={REPORT_CATALOGUE.filter((r) => r.new).length} />
    </Grid>
  );
}
