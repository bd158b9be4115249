import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { formatNumber } from '../../../lib/format';
import { useApiKeyUsage } from '../api/get-api-key-usage';

const UsageChart = lazy(() => import('./usage-chart'));

const PERIODS = [7, 30, 90] as const;

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold">
        {formatNumber(value)}
      </Text>
    </Card>
  );
}

export function UsagePanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const usage = useApiKeyUsage(organizationId, days);
  return (
    <Card size="3">
      <Flex justify="between" align="end" gap="3" wrap="wrap" mb="4">
        <Heading as="h3" size="4">
          {t('apiKeys.usageTitle')}
        </Heading>
        <SelectInput
          label={t('apiKeys.period')}
          name="days"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
          options={PERIODS.map((d) => ({ value: String(d), label: t('apiKeys.lastDays', { count: d }) }))}
        />
      </Flex>
      {usage.isPending ? <Loading /> : null}
      {usage.isError ? <QueryError error={usage.error} onRetry={() => void usage.refetch()} /> : null}
      {usage.data ? (
        <Flex direction="column" gap="4">
          <Grid columns={{ initial: '2', sm: '4' }} gap="3">
            <Stat label={t('apiKeys.periodRequests')} value={usage.data.period_requests} />
            <Stat label={t('apiKeys.totalRequests')} value={usage.data.total_requests} />
            <Stat label={t('apiKeys.activeKeys')} value={usage.data.active_keys} />
            <Stat label={t('apiKeys.totalKeys')} value={usage.data.total_keys} />
          </Grid>
          <Suspense fallback={<Loading />}>
            <UsageChart daily={usage.data.daily} label={t('apiKeys.dailyRequests')} />
          </Suspense>
        </Flex>
      ) : null}
    </Card>
  );
}
