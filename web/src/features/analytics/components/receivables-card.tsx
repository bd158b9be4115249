import { Badge, Card, DataList, Flex, Heading } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Loading, Notice } from '../../../components/feedback';
import { formatMoney, locale } from '../../../lib/format';
import type { ReceivablesAnalysis } from '../api/get-receivables-analysis';
import type { DataSource } from './data-source';

const RISK_LEVELS = ['Low', 'Medium', 'High'] as const;

/** SPEC §2: Low is green, Medium yellow, anything else red. */
export function riskColor(level: string | null | undefined): 'green' | 'yellow' | 'red' {
  if (level === 'Low') return 'green';
  if (level === 'Medium') return 'yellow';
  return 'red';
}

function RiskBadge({ level }: { level: string | null | undefined }) {
  const { t } = useTranslation();
  const known = RISK_LEVELS.find((l) => l === level);
  return (
    <Badge color={riskColor(level)} variant="soft" size="2">
      {known ? t(`analytics.receivables.risk.${known}`) : (level ?? t('analytics.receivables.risk.High'))}
    </Badge>
  );
}

const days = (value: number | string | null | undefined) => {
  const n = Number(value ?? 0);
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number.isFinite(n) ? n : 0);
};

/** Total outstanding, how long invoices stay unpaid on average, and the collection risk. */
export function ReceivablesCard({ analysis, source, currency }: { analysis: ReceivablesAnalysis | undefined; source: DataSource; currency: string }) {
  const { t } = useTranslation();
  const title = t('analytics.receivables.title');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {source === 'loading' ? <Loading /> : null}
          {source === 'fallback' ? <Notice color="amber">{t('analytics.receivables.unavailable')}</Notice> : null}
          {source === 'live' && analysis ? (
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              <DataList.Item>
                <DataList.Label>{t('analytics.receivables.totalOutstanding')}</DataList.Label>
                <DataList.Value>{formatMoney(analysis.total_outstanding ?? '0', analysis.currency ?? currency)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{t('analytics.receivables.averageDays')}</DataList.Label>
                <DataList.Value>{t('analytics.receivables.days', { days: days(analysis.average_days_outstanding) })}</DataList.Value>
              </DataList.Item>
              <DataList.Item align="center">
                <DataList.Label>{t('analytics.receivables.collectionRisk')}</DataList.Label>
                <DataList.Value>
                  <RiskBadge level={analysis.collection_risk_level} />
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
